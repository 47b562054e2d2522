package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// TestBrowserKeysGetNoPersonalData: a browser key (with allowed origins), called from its own
// origin as a browser would, gets 403 insufficient_scope wherever people's e-mail addresses
// would leave the server: registering a push of such events (or of every event), and the
// members list; a server key with the same scopes is served.
func TestBrowserKeysGetNoPersonalData(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const origin = "https://site.example"
	scopes := []string{keys.ScopeWriteWebhooks, keys.ScopeReadMembers}
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &scopes, AllowedOrigins: &[]string{origin}})
	server, _ := h.CreateKeyWith(keys.Fields{Scopes: &scopes})
	asBrowser := map[string]string{"Authorization": "Bearer " + browser, "Origin": origin}
	const refusal = "events with personal data are for server keys only (keys without allowed origins)"
	hook := func(events ...string) map[string]any {
		b := map[string]any{"url": "https://1.1.1.1/hook"}
		if events != nil {
			b["events"] = events
		}
		return b
	}
	for _, s := range []apitest.Scenario{
		{Name: "browser registers e-mail events", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: asBrowser,
			Body:           hook("content.created", "purchase.completed"),
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope", ExpectedContent: []string{refusal}},
		{Name: "browser registers every event", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: asBrowser,
			Body: hook(), ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope"},
		{Name: "browser registers each personal event", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: asBrowser,
			Body:           hook("course.enrolled", "course.completed", "testimonial.submitted", "newsletter.subscribe"),
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope"},
		{Name: "browser registers content events", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: asBrowser,
			Body: hook("content.created", "content.published"), ExpectedStatus: http.StatusCreated},
		{Name: "server registers e-mail events", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(server),
			Body: hook("purchase.completed"), ExpectedStatus: http.StatusCreated},
		{Name: "browser lists members", Path: "/api/v2/members", Headers: asBrowser,
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope", ExpectedContent: []string{"server keys only"}},
		{Name: "server lists members", Path: "/api/v2/members", Headers: apitest.Bearer(server), ExpectedStatus: http.StatusOK},
	} {
		s.Test(t, h)
	}
}
