package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
)

// Every tier counts an IPv6 client by its network (a /64 unless configured) and an IPv4 client
// by its address, IPv4-mapped IPv6 included: a client cannot take a fresh bucket per request
// from the 2^64 addresses of its own /64.
func TestRateLimitBucketsPerIPv6Network(t *testing.T) {
	t.Parallel()
	tierRequests := map[string]struct {
		burst int
		req   apitest.Request // RemoteAddr set per call
	}{
		"normal":   {10, apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile"}},
		"moderate": {5, apitest.Request{Method: http.MethodGet, Path: "/api/admin/keys"}},
		"strict": {3, apitest.Request{Method: http.MethodPost, Path: "/api/collections/_superusers/auth-with-password",
			Body: map[string]string{"identity": "owner@example.com", "password": "wrong"}}},
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
			h := apps[c.prefix].For(t)
			tr := tierRequests[c.tier]
			call := func(remote string) *apitest.Response {
				req := tr.req
				req.RemoteAddr = remote
				return h.Do(req)
			}
			for i := range tr.burst {
				if res := call(c.first); res.Status == http.StatusTooManyRequests {
					t.Fatalf("request %d of the burst: 429", i+1)
				}
			}
			if res := call(c.same); res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" {
				t.Fatalf("same client %s: %d %s, want 429", c.same, res.Status, res.Body)
			}
			if res := call(c.other); res.Status == http.StatusTooManyRequests {
				t.Fatalf("other client %s: 429, want its own bucket", c.other)
			}
		})
	}
}

// Behind a trusted proxy the client's IPv6 address comes from its header (PocketBase writes it
// expanded) and is bucketed by network the same way.
func TestRateLimitIPv6BehindTrustedProxy(t *testing.T) {
	t.Parallel()
	h := limitedHarness(t)
	h.App.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	get := func(client string) *apitest.Response {
		return h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: "127.0.0.1:1",
			Headers: map[string]string{"X-Forwarded-For": client}})
	}
	for i := range 10 {
		if res := get("2001:db8:1:2::1"); res.Status == http.StatusTooManyRequests {
			t.Fatalf("request %d of the burst: 429", i+1)
		}
	}
	if res := get("2001:db8:1:2::99"); res.Status != http.StatusTooManyRequests {
		t.Fatalf("same /64: %d, want 429", res.Status)
	}
	if res := get("2001:db8:1:3::1"); res.Status == http.StatusTooManyRequests {
		t.Fatal("another /64: 429, want its own bucket")
	}
}
