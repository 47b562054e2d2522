package routes_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes/ratelimit"
)

func limitedHarness(t *testing.T) *apitest.Harness {
	t.Helper()
	rl := routes.DefaultRateLimits()
	return apitest.New(t, apitest.Options{RateLimits: &rl})
}

func TestRateLimitBurstThen429(t *testing.T) {
	t.Parallel()
	h := limitedHarness(t)
	seedProfile(t, h)
	key, _ := h.CreateKey(keys.ScopeRead)
	get := func(ip string) *apitest.Response {
		return h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", Headers: apitest.Bearer(key), RemoteAddr: ip + ":1234"})
	}
	for i := 1; i <= 10; i++ {
		res := get("198.51.100.7")
		if res.Status != 200 {
			t.Fatalf("request %d of the burst: %d %s", i, res.Status, res.Body)
		}
		assertRateHeaders(t, res, "10", strconv.Itoa(10-i), "")
	}
	res := get("198.51.100.7")
	if res.Status != 429 || res.ErrorCode() != "rate_limited" {
		t.Fatalf("over the burst: %d %s", res.Status, res.Body)
	}
	assertRateHeaders(t, res, "10", "0", "1")
	if res.Header.Get("X-RateLimit-Reset") == "" || res.Header.Get("X-Request-Id") == "" {
		t.Fatalf("headers of the 429: %v", res.Header)
	}

	// Another IP has its own bucket.
	if res := get("198.51.100.8"); res.Status != 200 {
		t.Fatalf("other IP: %d", res.Status)
	}
	// Failed requests count too: an unauthenticated flood from one IP is throttled.
	for i := 0; i < 10; i++ {
		h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: "198.51.100.9:1"})
	}
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: "198.51.100.9:1"}); res.Status != 429 {
		t.Fatalf("guessing IP: %d", res.Status)
	}

	// Refill: one token a second.
	h.Clock.Advance(time.Second)
	res = get("198.51.100.7")
	if res.Status != 200 {
		t.Fatalf("after one second: %d", res.Status)
	}
	assertRateHeaders(t, res, "10", "0", "")
	h.Clock.Advance(10 * time.Second)
	res = get("198.51.100.7")
	assertRateHeaders(t, res, "10", "9", "")
	if got := res.Header.Get("X-RateLimit-Reset"); got != strconv.FormatInt(h.Clock.Now().Add(time.Second).Unix(), 10) {
		t.Fatalf("X-RateLimit-Reset = %s, want now+1s", got)
	}
}

func assertRateHeaders(t *testing.T, res *apitest.Response, limit, remaining, retryAfter string) {
	t.Helper()
	if got := res.Header.Get("X-RateLimit-Limit"); got != limit {
		t.Fatalf("X-RateLimit-Limit = %q, want %q", got, limit)
	}
	if got := res.Header.Get("X-RateLimit-Remaining"); got != remaining {
		t.Fatalf("X-RateLimit-Remaining = %q, want %q", got, remaining)
	}
	if got := res.Header.Get("Retry-After"); got != retryAfter {
		t.Fatalf("Retry-After = %q, want %q", got, retryAfter)
	}
}

func TestRateLimitTiersAreSeparate(t *testing.T) {
	t.Parallel()
	h := limitedHarness(t)
	su := owner(h.SuperuserToken())
	ip := "192.0.2.50:1"
	// The admin routes are Moderate: burst 5.
	for i := 0; i < 5; i++ {
		if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/api-keys", Headers: su, RemoteAddr: ip}); res.Status != 200 {
			t.Fatalf("admin request %d: %d", i, res.Status)
		}
	}
	res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/api-keys", Headers: su, RemoteAddr: ip})
	if res.Status != 429 || res.Header.Get("X-RateLimit-Limit") != "5" || res.Header.Get("Retry-After") != "6" {
		t.Fatalf("admin over the burst: %d %v", res.Status, res.Header)
	}
	// The same IP still has its Normal bucket for v1.
	res = h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: ip})
	if res.Status != 401 || res.Header.Get("X-RateLimit-Limit") != "10" {
		t.Fatalf("v1 from the same IP: %d %v", res.Status, res.Header)
	}
	// Unknown paths count against the group's tier and still carry the headers.
	res = h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/nope", RemoteAddr: ip})
	if res.Status != 429 {
		t.Fatalf("unknown admin path from a throttled IP: %d", res.Status)
	}
}

func TestRateLimitsOff(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	for i := 0; i < 30; i++ {
		res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile"})
		if res.Status != 401 || res.Header.Get("X-RateLimit-Limit") != "" {
			t.Fatalf("request %d with limits off: %d %v", i, res.Status, res.Header)
		}
	}
}

func TestCustomTier(t *testing.T) {
	t.Parallel()
	tier, err := ratelimit.ParseTier("normal", "2/s:1")
	if err != nil {
		t.Fatal(err)
	}
	rl := routes.DefaultRateLimits()
	rl.Normal = tier
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile"}); res.Header.Get("X-RateLimit-Limit") != "1" {
		t.Fatalf("custom burst not applied: %v", res.Header)
	}
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile"}); res.Status != 429 || res.Header.Get("Retry-After") != "1" {
		t.Fatalf("second request: %d %v", res.Status, res.Header)
	}
}
