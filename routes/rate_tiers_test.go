package routes_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/ratelimit"
)

// TestRateLimits: the default rate limits, on one app: each part counts clients (IPs,
// networks) of its own, so no part spends another's bucket, and each takes the clock as it
// finds it.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	seedProfile(t, h)
	su := owner(h.SuperuserToken())
	for name, part := range map[string]func(*testing.T, *apitest.Harness, map[string]string){
		"burst then 429":                        rateLimitBurstThen429,
		"tiers are separate":                    rateLimitTiersAreSeparate,
		"IPv6 behind a trusted proxy":           rateLimitIPv6BehindTrustedProxy,
		"strict tier on password endpoints":     strictTierOnPasswordEndpoints,
		"key in URL is refused everywhere":      keyInURLIsRefusedEverywhere,
		"unclean path counts against the limit": uncleanPathCountsAgainstTheRateLimit,
	} {
		t.Run(name, func(t *testing.T) { part(t, h.For(t), su) })
	}
}

// rateHeaders are the rate-limit headers an answer must carry: its tier's burst, the requests
// left, and Retry-After ("": none).
func rateHeaders(limit, remaining, retryAfter string) map[string]string {
	return map[string]string{routes.HeaderRateLimit: limit, routes.HeaderRateRemaining: remaining, routes.HeaderRetryAfter: retryAfter}
}

// rateLimitBurstThen429: a client has the Normal tier's burst, then 429 with the headers
// that say when to come back, each IP a bucket of its own; a token comes back every second.
func rateLimitBurstThen429(t *testing.T, h *apitest.Harness, _ map[string]string) {
	key, _ := h.CreateKey(keys.ScopeRead)
	get := func(name, ip string, status int, headers map[string]string) apitest.Scenario {
		s := apitest.Scenario{Name: name, Path: "/api/v1/profile", Headers: apitest.Bearer(key), RemoteAddr: ip + ":1234",
			ExpectedStatus: status, ExpectedHeaders: headers}
		if status == http.StatusTooManyRequests {
			s.ExpectedCode = "rate_limited"
		}
		return s
	}
	for i := 1; i <= 10; i++ {
		storyStep(t, h, get(fmt.Sprintf("request %d of the burst", i), "198.51.100.7", http.StatusOK, rateHeaders("10", strconv.Itoa(10-i), "")))
	}
	over := rateHeaders("10", "0", "1")
	over[routes.HeaderRateReset], over["X-Request-Id"] = apitest.Present, apitest.Present
	get("over the burst", "198.51.100.7", http.StatusTooManyRequests, over).Test(t, h)
	get("another IP has its own bucket", "198.51.100.8", http.StatusOK, nil).Test(t, h)

	// Failed requests count too: an unauthenticated flood from one IP is throttled.
	guess := apitest.Scenario{Path: "/api/v1/profile", RemoteAddr: "198.51.100.9:1", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"}
	for i := 1; i <= 10; i++ {
		guess.Name = fmt.Sprintf("guess %d", i)
		storyStep(t, h, guess)
	}
	guess.Name, guess.ExpectedStatus, guess.ExpectedCode = "guessing IP over the burst", http.StatusTooManyRequests, "rate_limited"
	guess.Test(t, h)

	// Refill: one token a second.
	h.Clock.Advance(time.Second)
	storyStep(t, h, get("after one second", "198.51.100.7", http.StatusOK, rateHeaders("10", "0", "")))
	h.Clock.Advance(10 * time.Second)
	refilled := rateHeaders("10", "9", "")
	refilled[routes.HeaderRateReset] = strconv.FormatInt(h.Clock.Now().Add(time.Second).Unix(), 10)
	get("after ten more", "198.51.100.7", http.StatusOK, refilled).Test(t, h)
}

// rateLimitTiersAreSeparate: the admin routes' Moderate bucket of an IP is not its Normal
// bucket of v1, and an unknown path counts against its group's tier.
func rateLimitTiersAreSeparate(t *testing.T, h *apitest.Harness, su map[string]string) {
	ip := "192.0.2.50:1"
	admin := apitest.Scenario{Path: "/api/admin/api-keys", Headers: su, RemoteAddr: ip, ExpectedStatus: http.StatusOK}
	for i := 1; i <= 5; i++ { // the admin routes are Moderate: burst 5
		admin.Name = fmt.Sprintf("admin request %d", i)
		storyStep(t, h, admin)
	}
	// Each after the burst: none spends a token of the others' buckets.
	for _, s := range []apitest.Scenario{
		{Name: "admin over the burst", Path: "/api/admin/api-keys", Headers: su, RemoteAddr: ip,
			ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited", ExpectedHeaders: map[string]string{routes.HeaderRateLimit: "5", routes.HeaderRetryAfter: "6"}},
		{Name: "v1 from the same IP", Path: "/api/v1/profile", RemoteAddr: ip,
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized", ExpectedHeaders: map[string]string{routes.HeaderRateLimit: "10"}},
		{Name: "unknown admin path from a throttled IP", Path: "/api/admin/nope", RemoteAddr: ip,
			ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited", ExpectedHeaders: map[string]string{routes.HeaderRateLimit: "5"}},
	} {
		s.Test(t, h)
	}
}

// TestRateLimitsOff: with the limits off, nothing is counted and no answer has their headers.
func TestRateLimitsOff(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	s := apitest.Scenario{Path: "/api/v1/profile", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized",
		ExpectedHeaders: map[string]string{routes.HeaderRateLimit: ""}}
	for i := 1; i <= 30; i++ {
		s.Name = fmt.Sprintf("request %d", i)
		s.Test(t, h)
	}
}

// TestCustomTier: a tier parsed from its flag replaces the default.
func TestCustomTier(t *testing.T) {
	t.Parallel()
	tier, err := ratelimit.ParseTier("normal", "2/s:1")
	if err != nil {
		t.Fatal(err)
	}
	rl := routes.DefaultRateLimits()
	rl.Normal = tier
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	storyStep(t, h, apitest.Scenario{Name: "the custom burst", Path: "/api/v1/profile", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized",
		ExpectedHeaders: map[string]string{routes.HeaderRateLimit: "1"}})
	apitest.Scenario{Name: "over it", Path: "/api/v1/profile", ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited",
		ExpectedHeaders: map[string]string{routes.HeaderRetryAfter: "1"}}.Test(t, h)
}
