package routes_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/hookorder"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/metrics"
	"github.com/creator-content-api/server/routes/readcache"
	"github.com/creator-content-api/server/routes/requestlog"
)

// Every middleware of ours is bound with its id, as PocketBase binds its own: an OnServe hook
// bound after routes.Register can unbind one, or replace a router-wide one, and the others
// stay in place.
func TestMiddlewareByID(t *testing.T) {
	t.Parallel()
	unbind := func(ids ...string) func(*router.Router[*core.RequestEvent]) {
		return func(r *router.Router[*core.RequestEvent]) { r.Unbind(ids...) }
	}
	// The replacement runs first: were the original still bound, it would overwrite the id
	// with the client's.
	replaceRequestID := func(r *router.Router[*core.RequestEvent]) {
		r.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       routes.RequestIDMiddlewareID,
			Priority: routes.RequestIDMiddlewarePriority - 1,
			Func: func(e *core.RequestEvent) error {
				e.Response.Header().Set(routes.HeaderRequestID, "replaced")
				return e.Next()
			},
		})
	}
	cases := []struct {
		name   string
		router func(*router.Router[*core.RequestEvent]) // nil: as registered
		calls  int                                      // GET /api/v1/profile without a key, over plain HTTP from the network
		status int
		code   string
		// X-Request-Id and X-RateLimit-Limit of the last answer ("": absent)
		requestID, rateLimit string
	}{
		{"as registered", nil, 1, http.StatusForbidden, "https_required", "client-1", "10"},
		{"without ccaHTTPSOnly", unbind(routes.HTTPSOnlyMiddlewareID), 1, http.StatusUnauthorized, "unauthorized", "client-1", "10"},
		{"without ccaHTTPSOnly and ccaRateLimit", unbind(routes.HTTPSOnlyMiddlewareID, routes.RateLimitMiddlewareID),
			11, http.StatusUnauthorized, "unauthorized", "client-1", ""},
		{"without ccaHTTPSOnly and ccaKeyAuth", unbind(routes.HTTPSOnlyMiddlewareID, routes.KeyAuthMiddlewareID),
			1, http.StatusNotFound, "not_found", "client-1", "10"},
		{"ccaRequestId replaced", replaceRequestID, 1, http.StatusForbidden, "https_required", "replaced", "10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{Config: zeroConfig, Router: c.router})
			var res *apitest.Response
			for range c.calls {
				res = h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: "198.51.100.41:5000",
					Headers: map[string]string{routes.HeaderRequestID: "client-1"}})
			}
			if res.Status != c.status || res.ErrorCode() != c.code {
				t.Fatalf("got %d %s, want %d %s", res.Status, res.Body, c.status, c.code)
			}
			for name, want := range map[string]string{routes.HeaderRequestID: c.requestID, routes.HeaderRateLimit: c.rateLimit} {
				if got := res.Header.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
}

// idStyle is the one style of the ids the app binds, as PocketBase's pbRateLimit: "cca" and a
// CamelCase name.
var idStyle = regexp.MustCompile(`^cca[A-Z][A-Za-z]*$`)

// TestIDsInOneStyle: every middleware, handler and cron id of routes, every record and model
// hook handler of hookorder's table, and every cron job the whole app adds (PocketBase's own
// aside), is written in one style, and the running app has the routes' cron job under its id.
func TestIDsInOneStyle(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	ids := []string{
		routes.RequestIDMiddlewareID, routes.LoginLimitMiddlewareID, routes.ErrorEnvelopeMiddlewareID,
		routes.RateLimitMiddlewareID, routes.HTTPSOnlyMiddlewareID, routes.KeyAuthMiddlewareID,
		routes.OwnerAuthMiddlewareID, routes.PollCapMiddlewareID, routes.CacheHeadersMiddlewareID,
		routes.VaryAcceptMiddlewareID, routes.BearerChallengeMiddlewareID, routes.MemberAccessMiddlewareID,
		metrics.MiddlewareID, readcache.MiddlewareID, requestlog.SummaryJobID,
		routes.ServeHandlerID, routes.TerminateHandlerID, routes.HousekeepingJobID,
	}
	for _, row := range hookorder.Table() {
		for _, id := range row.Handlers {
			if id != hookorder.PocketBase {
				ids = append(ids, id)
			}
		}
	}
	housekeeping := false
	for _, job := range h.App.Cron().Jobs() {
		if strings.HasPrefix(job.Id(), "__pb") {
			continue
		}
		ids = append(ids, job.Id())
		housekeeping = housekeeping || job.Id() == routes.HousekeepingJobID
	}
	if !housekeeping {
		t.Errorf("no cron job %s", routes.HousekeepingJobID)
	}
	for _, id := range ids {
		if !idStyle.MatchString(id) {
			t.Errorf("id %q is not in the style %s", id, idStyle)
		}
	}
}
