package routes

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
)

// A route table row leaves nothing to guess: Register refuses one without an auth kind, an
// owner route with a scope, a key route without one, a tier or cache policy it does not know.
func TestCheckTable(t *testing.T) {
	complete := Route{Method: http.MethodGet, Path: "/api/v1/profile", Auth: AuthKey, Scope: keys.ScopeRead,
		Tier: TierNormal, Cache: CachePublic, Handler: getProfile}
	cases := []struct {
		name string
		edit func(*Route)
		says string // "": the table is accepted
	}{
		{"a complete key route", func(*Route) {}, ""},
		{"a complete owner route", func(r *Route) { r.Auth, r.Scope = AuthOwner, "" }, ""},
		{"no auth kind", func(r *Route) { r.Auth = "" }, `GET /api/v1/profile: Auth must be AuthKey or AuthOwner, not ""`},
		{"an unknown auth kind", func(r *Route) { r.Auth = "member" }, `Auth must be AuthKey or AuthOwner, not "member"`},
		{"an owner route with a scope", func(r *Route) { r.Auth = AuthOwner }, `an AuthOwner route takes no Scope, not "read"`},
		{"a key route without a scope", func(r *Route) { r.Scope = "" }, `an AuthKey route needs a known Scope, not ""`},
		{"a key route with an unknown scope", func(r *Route) { r.Scope = "admin" }, `an AuthKey route needs a known Scope, not "admin"`},
		{"no tier", func(r *Route) { r.Tier = "" }, `Tier must be TierNormal or TierModerate, not ""`},
		{"an unknown tier", func(r *Route) { r.Tier = "poll" }, `Tier must be TierNormal or TierModerate, not "poll"`},
		{"no cache policy", func(r *Route) { r.Cache = "" }, `Cache must be CachePublic, CachePrivate, CacheNone or CacheUnshared, not ""`},
		{"no handler", func(r *Route) { r.Handler = nil }, "Handler is nil"},
		{"a read answered from memory", func(r *Route) { r.Memory = true }, ""},
		{"a write answered from memory", func(r *Route) { r.Method, r.Memory = http.MethodPost, true }, "Memory is for GET reads"},
		{"a never-stored read answered from memory", func(r *Route) { r.Cache, r.Memory = CacheNone, true }, "Memory is for GET reads"},
		{"a preview answered from memory", func(r *Route) { r.Cache, r.Memory = CacheUnshared, true }, "Memory is for GET reads"},
		{"a polled read answered from memory", func(r *Route) { r.PollCap, r.Memory = true, true }, "Memory is for GET reads"},
		{"no method", func(r *Route) { r.Method = "" }, "a method and a path under /api/v1/, /api/v2/, /api/admin/ are required"},
		{"a path outside the API", func(r *Route) { r.Path = "/api/health" }, "a method and a path under"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := complete
			c.edit(&r)
			err := checkTable([]Route{r})
			switch {
			case c.says == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.says != "" && (!errors.Is(err, ErrInvalidRoute) || !strings.Contains(err.Error(), c.says)):
				t.Fatalf("got %v, want ErrInvalidRoute saying %q", err, c.says)
			}
		})
	}
	t.Run("a route twice", func(t *testing.T) {
		err := checkTable([]Route{complete, complete})
		if !errors.Is(err, ErrInvalidRoute) || !strings.Contains(err.Error(), "GET /api/v1/profile: the route appears twice") {
			t.Fatalf("got %v", err)
		}
	})
}
