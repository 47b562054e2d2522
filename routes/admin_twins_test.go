package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/apitest"
)

// The console logs in as the owner and holds no API key: the admin twins of webhook
// registration and analytics answer it with the same checks and bodies, in {"data": ...}.
func TestAdminTwinsOfKeyRoutes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	su := owner(h.SuperuserToken())
	key, _ := h.CreateKey(keys.Scopes()...)

	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: su, Body: map[string]any{"url": "http://127.0.0.1/x"}})
	if res.Status != 400 || !strings.Contains(string(res.Body), `\"url\"`) {
		t.Fatalf("private URL: %d %s", res.Status, res.Body)
	}
	h.AllowPrivateWebhooks(true)
	res = h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: su,
		Body: map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"content.created"}}})
	if res.Status != 201 {
		t.Fatalf("owner registration: %d %s", res.Status, res.Body)
	}
	sub := res.JSON(t)["data"].(map[string]any)
	if s, _ := sub["secret"].(string); !strings.HasPrefix(s, "whsec_") || sub["enabled"] != true {
		t.Fatalf("registration body: %v", sub)
	}
	res = h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: apitest.Bearer(key), Body: map[string]any{"url": "https://hooks.example.org/x"}})
	if res.Status != 401 {
		t.Fatalf("API key on the owner's route: %d", res.Status)
	}

	res = h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/analytics", Headers: su})
	if res.Status != 200 || res.JSON(t)["data"].(map[string]any)["plan"] != "free" {
		t.Fatalf("owner analytics: %d %s", res.Status, res.Body)
	}
	v2 := h.Get("/api/v2/analytics", key)
	if !strings.Contains(string(res.Body), strings.TrimSuffix(strings.TrimPrefix(string(v2.Body), "{"), "}")) {
		t.Fatalf("admin analytics %s differs from v2 %s", res.Body, v2.Body)
	}
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/analytics", Headers: apitest.Bearer(key)}); res.Status != 401 {
		t.Fatalf("API key on admin analytics: %d", res.Status)
	}
}
