package routes_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
)

// keyInURLIsRefusedEverywhere: a key in the URL is refused with 401 wherever it is (path or
// query) and whatever the path would otherwise have answered (a route, an unknown path, a
// wrong method, an unclean path), with the request id and the rate-limit headers every answer
// carries.
func keyInURLIsRefusedEverywhere(t *testing.T, h *apitest.Harness, _ map[string]string) {
	key, _ := h.CreateKey(keys.Scopes()...)
	for i, s := range []apitest.Scenario{
		{Name: "path parameter of a route", Path: "/api/v1/posts/" + key},
		{Name: "poll path", Path: "/api/v1/webhooks/poll/" + key},
		{Name: "encoded in the path", Path: "/api/v1/posts/%73" + key[1:]},
		{Name: "encoded twice in the path", Path: "/api/v1/posts/" + url.PathEscape("%73"+key[1:])},
		{Name: "unknown path", Path: "/api/v1/nothing/" + key},
		{Name: "unknown admin path", Path: "/api/admin/" + key},
		{Name: "wrong method", Method: http.MethodDelete, Path: "/api/v1/profile?key=" + key},
		{Name: "wrong method with the key in the path", Method: http.MethodPut, Path: "/api/v2/posts/" + key},
		{Name: "unclean path", Path: "/api/v1//posts/" + key},
		{Name: "query of a route", Path: "/api/v1/profile?api_key=" + key},
	} {
		s.Headers = apitest.Bearer(key)
		s.RemoteAddr = fmt.Sprintf("198.51.100.%d:1000", 101+i) // a bucket of its own
		s.ExpectedStatus, s.ExpectedCode = http.StatusUnauthorized, "unauthorized"
		s.ExpectedHeaders = map[string]string{"X-Request-Id": apitest.Present, routes.HeaderRateLimit: apitest.Present,
			routes.HeaderRateRemaining: apitest.Present, routes.HeaderRateReset: apitest.Present}
		s.Test(t, h)
	}
}

// uncleanPathCountsAgainstTheRateLimit: the unclean-path 404 counts against the tier like every other answer.
func uncleanPathCountsAgainstTheRateLimit(t *testing.T, h *apitest.Harness, _ map[string]string) {
	burst := routes.DefaultRateLimits().Normal.Burst
	unclean := apitest.Scenario{Path: "/api/v1//posts", ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}
	for i := 1; i <= burst; i++ {
		unclean.Name = fmt.Sprintf("unclean path %d", i)
		unclean.ExpectedHeaders = map[string]string{routes.HeaderRateLimit: "10"}
		if i == burst {
			unclean.ExpectedHeaders[routes.HeaderRateRemaining] = "0"
		}
		storyStep(t, h, unclean)
	}
	apitest.Scenario{Name: "over the limit", Path: "/api/v1/posts/../profile", ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited",
		ExpectedHeaders: map[string]string{routes.HeaderRetryAfter: apitest.Present}}.Test(t, h)
}
