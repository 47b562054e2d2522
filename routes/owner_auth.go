package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apierr"
)

// ownerAuth is ccaOwnerAuth: only the owner (a PocketBase superuser token, which
// pbLoadAuthToken has read) gets through; anything else, an API key or a member's token
// included, is 401.
func ownerAuth() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       OwnerAuthMiddlewareID,
		Priority: AuthMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			if !e.HasSuperuserAuth() {
				return &apierr.Error{Status: http.StatusUnauthorized, Code: apierr.CodeUnauthorized,
					Message: "owner login required: send a superuser auth token in the Authorization header"}
			}
			return e.Next()
		},
	}
}
