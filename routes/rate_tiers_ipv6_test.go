package routes_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
)

// Every tier counts an IPv6 client by its network (a /64 unless configured) and an IPv4 client
// by its address, IPv4-mapped IPv6 included: a client cannot take a fresh bucket per request
// from the 2^64 addresses of its own /64.
func TestRateLimitBucketsPerIPv6Network(t *testing.T) {
	t.Parallel()
	// Each tier's call, as an anonymous client makes it; RemoteAddr is set per call.
	tierCalls := map[string]struct {
		burst int
		call  apitest.Scenario
	}{
		"normal":   {10, apitest.Scenario{Path: "/api/v1/profile", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"}},
		"moderate": {5, apitest.Scenario{Path: "/api/admin/keys", ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}},
		"strict": {3, apitest.Scenario{Method: http.MethodPost, Path: "/api/collections/_superusers/auth-with-password",
			Body: map[string]string{"identity": "owner@example.com", "password": "wrong"}, ExpectedStatus: http.StatusBadRequest}},
	}
	cases := []struct {
		name   string
		tier   string
		prefix int // 0: DefaultRateLimits' 64
		// first spends the bucket; same shares it; other has its own.
		first, same, other string
	}{
		{"normal, /64", "normal", 0, "[2001:db8:1:2::1]:1", "[2001:db8:1:2:ffff:ffff:ffff:ffff]:1", "[2001:db8:1:3::1]:1"},
		{"moderate, /64", "moderate", 0, "[2001:db8:1:2::1]:1", "[2001:db8:1:2:aaaa::7]:1", "[2001:db8:1:3::1]:1"},
		{"strict login, /64", "strict", 0, "[2001:db8:1:2::1]:1", "[2001:db8:1:2:aaaa::7]:1", "[2001:db8:1:3::1]:1"},
		{"normal, /48", "normal", 48, "[2001:db8:1:2::1]:1", "[2001:db8:1:ffff::1]:1", "[2001:db8:2::1]:1"},
		{"strict login, /48", "strict", 48, "[2001:db8:1:2::1]:1", "[2001:db8:1:ffff::1]:1", "[2001:db8:2::1]:1"},
		{"normal, /128", "normal", 128, "[2001:db8:1:2::1]:1", "[2001:db8:1:2::1]:2", "[2001:db8:1:2::2]:1"},
		{"normal, IPv4-mapped is IPv4", "normal", 0, "198.51.100.7:1", "[::ffff:198.51.100.7]:1", "198.51.100.8:1"},
		{"strict login, IPv4-mapped is IPv4", "strict", 0, "[::ffff:198.51.100.7]:1", "198.51.100.7:2", "198.51.100.8:1"},
	}
	// One app per prefix: the cases on one app count different tiers or clients, each a
	// bucket of its own, so they share it and run at the same time.
	apps := map[int]*apitest.Harness{}
	for _, c := range cases {
		if apps[c.prefix] == nil {
			rl := routes.DefaultRateLimits()
			if c.prefix != 0 {
				rl.IPv6Prefix = c.prefix
			}
			apps[c.prefix] = apitest.New(t, apitest.Options{RateLimits: &rl})
			apps[c.prefix].SuperuserToken() // the owner the login tries
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := apps[c.prefix]
			tc := tierCalls[c.tier]
			call := func(name, remote string) apitest.Scenario {
				s := tc.call
				s.Name, s.RemoteAddr = name, remote
				return s
			}
			for i := range tc.burst {
				storyStep(t, h, call(fmt.Sprintf("request %d of the burst", i+1), c.first))
			}
			over := call("same client "+c.same, c.same)
			over.ExpectedStatus, over.ExpectedCode = http.StatusTooManyRequests, "rate_limited"
			over.Test(t, h)
			call("other client "+c.other+", its own bucket", c.other).Test(t, h)
		})
	}
}

// rateLimitIPv6BehindTrustedProxy: behind a trusted proxy the client's IPv6 address comes from its header (PocketBase writes it
// expanded) and is bucketed by network the same way.
func rateLimitIPv6BehindTrustedProxy(t *testing.T, h *apitest.Harness, _ map[string]string) {
	h.App.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	t.Cleanup(func() { h.App.Settings().TrustedProxy.Headers = nil })
	get := func(name, client string) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: "/api/v1/profile", RemoteAddr: "127.0.0.1:1", Headers: map[string]string{"X-Forwarded-For": client},
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"}
	}
	for i := range 10 {
		storyStep(t, h, get(fmt.Sprintf("request %d of the burst", i+1), "2001:db8:1:2::1"))
	}
	sameNetwork := get("same /64", "2001:db8:1:2::99")
	sameNetwork.ExpectedStatus, sameNetwork.ExpectedCode = http.StatusTooManyRequests, "rate_limited"
	sameNetwork.Test(t, h)
	get("another /64, its own bucket", "2001:db8:1:3::1").Test(t, h)
}
