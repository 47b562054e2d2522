package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// The console logs in as the owner and holds no API key: the admin twins of webhook
// registration and analytics answer it with the same checks and bodies, in {"data": ...}.
func TestAdminTwinsOfKeyRoutes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	su := owner(h.SuperuserToken())
	key, _ := h.CreateKey(keys.Scopes()...)

	for _, s := range []apitest.Scenario{
		{Name: "private URL", Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: su, Body: map[string]any{"url": "http://127.0.0.1/x"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"url\"`}},
		{Name: "owner registration", Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: su,
			Body:           map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"content.created"}},
			Before:         func(_ testing.TB, h *apitest.Harness) { h.AllowPrivateWebhooks(true) },
			ExpectedStatus: http.StatusCreated, ExpectedJSON: map[string]any{"data.enabled": true}, ExpectedContent: []string{`"secret":"whsec_`}},
		{Name: "API key on the owner's route", Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: apitest.Bearer(key),
			Body: map[string]any{"url": "https://hooks.example.org/x"}, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "owner analytics", Path: "/api/admin/analytics", Headers: su, ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.plan": "free"},
			After: func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
				v2 := storyStep(t, h, apitest.Scenario{Path: "/api/v2/analytics", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK})
				if !strings.Contains(string(res.Body), strings.TrimSuffix(strings.TrimPrefix(string(v2.Body), "{"), "}")) {
					t.Fatalf("admin analytics %s differs from v2 %s", res.Body, v2.Body)
				}
			}},
		{Name: "API key on admin analytics", Path: "/api/admin/analytics", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
	} {
		s.Test(t, h)
	}
}
