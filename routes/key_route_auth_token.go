package routes

import (
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/keys"
)

// keyRouteAuthToken is PocketBase's pbLoadAuthToken on the key routes, bound there under the
// same id and priority: an Authorization that holds an API key is not read as a PocketBase
// token, since no token starts with keys.Prefix (a JWT starts with its base64 header) and
// parsing one only fails, on every request of a key route. Any other Authorization goes to
// the router's own pbLoadAuthToken, the one it has once every OnServe hook has run (an owner's
// replacement included); unbinding it router-wide unbinds this one too (PocketBase's Unbind
// reaches every route).
type keyRouteAuthToken struct {
	pb *hook.Handler[*core.RequestEvent] // set before serving starts
}

// load takes the router's pbLoadAuthToken, or nil when it was unbound.
func (k *keyRouteAuthToken) load(se *core.ServeEvent) {
	k.pb = nil
	for _, h := range se.Router.Middlewares {
		if h.Id == apis.DefaultLoadAuthTokenMiddlewareId {
			k.pb = h
		}
	}
}

// handler is the key routes' pbLoadAuthToken, or nil when the router has none.
func (k *keyRouteAuthToken) handler() *hook.Handler[*core.RequestEvent] {
	if k.pb == nil {
		return nil
	}
	return &hook.Handler[*core.RequestEvent]{
		Id:       k.pb.Id,
		Priority: k.pb.Priority,
		Func: func(e *core.RequestEvent) error {
			if holdsAPIKey(e.Request.Header.Get("Authorization")) || k.pb == nil {
				return e.Next()
			}
			return k.pb.Func(e)
		},
	}
}

// holdsAPIKey says whether an Authorization value is an API key, with or without the Bearer
// scheme (PocketBase reads its tokens either way).
func holdsAPIKey(authorization string) bool {
	if len(authorization) > 7 && strings.EqualFold(authorization[:7], "Bearer ") {
		authorization = authorization[7:]
	}
	return strings.HasPrefix(authorization, keys.Prefix)
}
