package routes_test

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/ratelimit"
	"github.com/creator-content-api/server/routes/readcache"
)

// zeroConfig replaces the harness's configuration with the zero Config and what Register
// requires (Webhooks, Changes, Revisions, Previews), keeping the harness's clock so that no bucket refills mid-test.
func zeroConfig(c *routes.Config) {
	*c = routes.Config{Webhooks: c.Webhooks, Changes: c.Changes, Revisions: c.Revisions, Previews: c.Previews, Now: c.Now}
}

// TestConfig: what routes.Register makes of a configuration, on one app started with the zero
// Config (a refused configuration binds nothing to it).
func TestConfig(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{Config: zeroConfig})
	t.Run("Register refuses an incomplete config", func(t *testing.T) { registerRefusesAnIncompleteConfig(t, h.For(t)) })
	t.Run("the zero config is protected", func(t *testing.T) { zeroConfigIsProtected(t, h.For(t)) })
}

// registerRefusesAnIncompleteConfig: Register refuses, binding nothing, a configuration it
// cannot serve with.
func registerRefusesAnIncompleteConfig(t *testing.T, h *apitest.Harness) {
	cases := []struct {
		name string
		cfg  routes.Config
		says string
	}{
		{"no webhook service", routes.Config{}, "Webhooks is nil"},
		{"no change watcher", routes.Config{Webhooks: h.Webhooks}, "Changes is nil"},
		{"no revisions service", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes}, "Revisions is nil"},
		{"no preview service", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes, Revisions: h.Revisions}, "Previews is nil"},
		{"a negative read cache bound", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes, Revisions: h.Revisions, Previews: h.Previews, ReadCache: readcache.Config{MaxBytes: -1}},
			"ReadCache: read cache bounds must not be negative: 0 entries, -1 bytes"},
		{"an IPv6 prefix out of range", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes, Revisions: h.Revisions, Previews: h.Previews, RateLimits: routes.RateLimits{IPv6Prefix: 129}},
			"RateLimits.IPv6Prefix must be 1..128, not 129"},
		{"a negative body limit", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes, Revisions: h.Revisions, Previews: h.Previews, MaxBodyBytes: -1}, "MaxBodyBytes must be > 0 (0: DefaultMaxBodyBytes), not -1"},
		{"a tier without a burst", routes.Config{Webhooks: h.Webhooks, Changes: h.Changes, Revisions: h.Revisions, Previews: h.Previews, RateLimits: routes.RateLimits{Moderate: ratelimit.Tier{Name: "moderate", PerMinute: 10}}},
			`tier "moderate": burst 0 must be >= 1`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api, err := routes.Register(h.App, c.cfg)
			if api != nil || !errors.Is(err, routes.ErrInvalidConfig) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("got %v, %v; want ErrInvalidConfig saying %q", api, err, c.says)
			}
		})
	}
}

// zeroConfigIsProtected: the zero Config is the protected one: plain HTTP from the network is
// refused and the rate tiers count, until switched off by name (RateLimits.Off, AllowPlainHTTP).
func zeroConfigIsProtected(t *testing.T, h *apitest.Harness) {
	burst := ratelimit.Normal().Burst
	cases := []struct {
		name   string
		remote string
		tls    bool
		calls  int // GET /api/v1/profile without a key; every call before the last is a 401
		status int
		code   string
		retry  string // Retry-After
	}{
		{"plain HTTP from the network", "198.51.100.31:5000", false, 1, http.StatusForbidden, "https_required", ""},
		{"HTTPS within the Normal burst", "198.51.100.32:5000", true, burst, http.StatusUnauthorized, "unauthorized", ""},
		{"HTTPS past the Normal burst", "198.51.100.33:5000", true, burst + 1, http.StatusTooManyRequests, "rate_limited", "1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			call := apitest.Scenario{Path: "/api/v1/profile", RemoteAddr: c.remote, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized",
				ExpectedHeaders: map[string]string{routes.HeaderRateLimit: strconv.Itoa(burst), routes.HeaderRetryAfter: ""}}
			if c.tls {
				call.Request = func(req *http.Request) { req.TLS = &tls.ConnectionState{} }
			}
			for i := 1; i < c.calls; i++ {
				call.Name = fmt.Sprintf("call %d", i)
				storyStep(t, h, call)
			}
			call.Name, call.ExpectedStatus, call.ExpectedCode = fmt.Sprintf("call %d", c.calls), c.status, c.code
			call.ExpectedHeaders[routes.HeaderRetryAfter] = c.retry
			call.Test(t, h)
		})
	}
}
