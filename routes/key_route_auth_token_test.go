package routes_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// On the key routes pbLoadAuthToken does not parse an API key as a PocketBase token (it cannot
// be one), and loads any other Authorization as PocketBase does everywhere: with the router's
// own middleware, replaced or not; unbound router-wide, it is gone from the key routes too.
func TestKeyRouteAuthToken(t *testing.T) {
	t.Parallel()
	const probe, loader = "X-Probe-Auth", "X-Auth-Loader"
	// authProbe reports, right after pbLoadAuthToken, whose token it loaded.
	authProbe := func(r *router.Router[*core.RequestEvent]) {
		r.Bind(&hook.Handler[*core.RequestEvent]{Id: "testAuthProbe", Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 1,
			Func: func(e *core.RequestEvent) error {
				who := "nobody"
				if e.Auth != nil {
					who = e.Auth.Collection().Name
				}
				e.Response.Header().Set(probe, who)
				return e.Next()
			}})
	}
	replaced := func(r *router.Router[*core.RequestEvent]) {
		authProbe(r)
		r.Bind(&hook.Handler[*core.RequestEvent]{Id: apis.DefaultLoadAuthTokenMiddlewareId, Priority: apis.DefaultLoadAuthTokenMiddlewarePriority,
			Func: func(e *core.RequestEvent) error {
				e.Response.Header().Set(loader, "replaced")
				return e.Next()
			}})
	}
	unbound := func(r *router.Router[*core.RequestEvent]) {
		authProbe(r)
		r.Unbind(apis.DefaultLoadAuthTokenMiddlewareId)
	}
	type call struct {
		path, auth    string // auth: "key", "owner", "bearer owner"
		status        int
		probe, loader string
	}
	cases := []struct {
		name   string
		router func(*router.Router[*core.RequestEvent])
		calls  []call
	}{
		{"as registered", authProbe, []call{
			{"/api/v1/profile", "key", 200, "nobody", ""},
			{"/api/v1/profile", "owner", 401, "_superusers", ""},
			{"/api/v1/profile", "bearer owner", 401, "_superusers", ""},
			{"/api/health", "owner", 200, "_superusers", ""},
			{"/api/health", "key", 200, "nobody", ""},
		}},
		{"replaced router-wide", replaced, []call{
			{"/api/v1/profile", "key", 200, "nobody", ""},
			{"/api/v1/profile", "owner", 401, "nobody", "replaced"},
			{"/api/health", "owner", 200, "nobody", "replaced"},
		}},
		{"unbound router-wide", unbound, []call{
			{"/api/v1/profile", "owner", 401, "nobody", ""},
			{"/api/health", "owner", 200, "nobody", ""},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{Router: c.router})
			seedProfile(t, h)
			key, _ := h.CreateKey(keys.ScopeRead)
			owner := h.SuperuserToken()
			for _, call := range c.calls {
				auth := map[string]string{"key": "Bearer " + key, "owner": owner, "bearer owner": "Bearer " + owner}[call.auth]
				res := h.Do(apitest.Request{Method: http.MethodGet, Path: call.path, Headers: map[string]string{"Authorization": auth}})
				if res.Status != call.status || res.Header.Get(probe) != call.probe || res.Header.Get(loader) != call.loader {
					t.Errorf("%s with %s: %d, loaded %q by %q; want %d, %q by %q", call.path, call.auth,
						res.Status, res.Header.Get(probe), res.Header.Get(loader), call.status, call.probe, call.loader)
				}
			}
		})
	}
}
