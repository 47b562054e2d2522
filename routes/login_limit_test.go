package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

func TestStrictTierOnPasswordEndpoints(t *testing.T) {
	t.Parallel()
	h := limitedHarness(t)
	h.SuperuserToken() // creates owner@example.com
	login := func(ip, password string) *apitest.Response {
		return h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/collections/_superusers/auth-with-password", RemoteAddr: ip,
			Body: map[string]string{"identity": "owner@example.com", "password": password}})
	}
	for i := 0; i < 3; i++ {
		res := login("192.0.2.10:1", "wrong password")
		if res.Status != 400 || res.Header.Get("X-RateLimit-Limit") != "3" {
			t.Fatalf("attempt %d: %d %v", i, res.Status, res.Header)
		}
	}
	res := login("192.0.2.10:1", "correct horse battery staple")
	if res.Status != 429 || res.ErrorCode() != "rate_limited" || res.Header.Get("Retry-After") != "12" {
		t.Fatalf("fourth attempt: %d %s %v", res.Status, res.Body, res.Header)
	}
	if res := login("192.0.2.11:1", "correct horse battery staple"); res.Status != 200 {
		t.Fatalf("another IP: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{"/api/collections/_superusers/request-password-reset", "/api/collections/members/auth-with-password"} {
		for i := 0; i < 3; i++ {
			h.Do(apitest.Request{Method: http.MethodPost, Path: path, RemoteAddr: "192.0.2.12:1", Body: `{}`})
		}
	}
	if res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/collections/members/auth-with-password", RemoteAddr: "192.0.2.12:1", Body: `{}`}); res.Status != 429 {
		t.Fatalf("members' login shares the Strict bucket per IP: %d", res.Status)
	}
	// Other PocketBase routes are not Strict.
	for i := 0; i < 5; i++ {
		if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/health", RemoteAddr: "192.0.2.10:1"}); res.Status != 200 {
			t.Fatalf("health: %d", res.Status)
		}
	}
}
