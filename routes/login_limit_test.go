package routes_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
)

// strictTierOnPasswordEndpoints: PocketBase's login and password-reset endpoints share
// one Strict bucket per IP (burst 3); its other routes are not Strict.
func strictTierOnPasswordEndpoints(t *testing.T, h *apitest.Harness, _ map[string]string) {
	// The owner, owner@example.com, exists: TestRateLimits made its login.
	login := func(name, ip, password string, status int) apitest.Scenario {
		s := apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/collections/_superusers/auth-with-password", RemoteAddr: ip,
			Body: map[string]string{"identity": "owner@example.com", "password": password}, ExpectedStatus: status}
		if status == http.StatusTooManyRequests {
			s.ExpectedCode = "rate_limited"
		}
		return s
	}
	for i := 1; i <= 3; i++ {
		s := login(fmt.Sprintf("attempt %d", i), "192.0.2.10:1", "wrong password", http.StatusBadRequest)
		s.ExpectedHeaders = map[string]string{routes.HeaderRateLimit: "3"}
		storyStep(t, h, s)
	}
	fourth := login("fourth attempt, with the right password", "192.0.2.10:1", "correct horse battery staple", http.StatusTooManyRequests)
	fourth.ExpectedHeaders = map[string]string{routes.HeaderRetryAfter: "12"}
	fourth.Test(t, h)
	login("another IP", "192.0.2.11:1", "correct horse battery staple", http.StatusOK).Test(t, h)

	// The members' login shares the Strict bucket of the password reset: three resets spend it.
	reset := apitest.Scenario{Method: http.MethodPost, Path: "/api/collections/_superusers/request-password-reset", RemoteAddr: "192.0.2.12:1",
		Body: `{}`, ExpectedStatus: http.StatusBadRequest}
	for i := 1; i <= 3; i++ {
		reset.Name = fmt.Sprintf("password reset %d", i)
		storyStep(t, h, reset)
	}
	apitest.Scenario{Name: "members' login shares the bucket", Method: http.MethodPost, Path: "/api/collections/members/auth-with-password",
		RemoteAddr: "192.0.2.12:1", Body: `{}`, ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited"}.Test(t, h)
	// Other PocketBase routes are not Strict.
	for i := 1; i <= 5; i++ {
		apitest.Scenario{Name: fmt.Sprintf("health %d", i), Path: "/api/health", RemoteAddr: "192.0.2.10:1", ExpectedStatus: http.StatusOK}.Test(t, h)
	}
}
