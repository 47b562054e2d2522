package routes

import (
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// passwordActions are PocketBase's auth endpoints (under /api/collections/{collection}/) that
// take or reset a password or a one-time code: what a password guesser would call.
var passwordActions = []string{"auth-with-password", "request-password-reset", "confirm-password-reset", "request-otp", "auth-with-otp"}

// isPasswordEndpoint reports whether r is a login or password request of PocketBase's: the
// actions above, and a change of a superuser record (where the owner's password changes).
func isPasswordEndpoint(app core.App, r *http.Request) bool {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/collections/")
	if !ok {
		return false
	}
	collection, action, _ := strings.Cut(rest, "/")
	if r.Method == http.MethodPost {
		for _, a := range passwordActions {
			if action == a {
				return true
			}
		}
	}
	if r.Method != http.MethodPatch || !strings.HasPrefix(action, "records/") {
		return false
	}
	c, err := app.FindCachedCollectionByNameOrId(collection) // the path may name it by id
	return err == nil && c.Name == core.CollectionNameSuperusers
}

// loginLimit is ccaLoginLimit: it puts the Strict tier (per client IP, IPv6 per network) in front of
// PocketBase's login and password endpoints, with the API's headers and 429 envelope.
func loginLimit(l *limiters, now func() time.Time) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       LoginLimitMiddlewareID,
		Priority: LoginLimitMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			if !isPasswordEndpoint(e.App, e.Request) {
				return e.Next()
			}
			// PocketBase's routes are outside our error envelope: write the 429 here.
			if denied := setRateHeaders(e, l.strict.Allow(l.clientKey(e), now()), &l.refused.strict); denied != nil {
				e.Response.Header().Set("Cache-Control", "no-store")
				return writeJSON(e, denied.Status, denied.Envelope())
			}
			return e.Next()
		},
	}
}
