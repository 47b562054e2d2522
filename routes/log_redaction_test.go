package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// TestNoKeyReachesTheLog: a key sent in any part of a request a client controls (a body
// field's name or value, an array item, a header's name or value, a query name or value, the
// URL) is echoed in no error message and stored in no row of PocketBase's log (_logs in
// auxiliary.db, what /api/logs serves), which is read back after each request.
func TestNoKeyReachesTheLog(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.App.Settings().Logs.MaxDays = 1 // PocketBase's test app keeps no log
	write, _ := h.CreateKey(keys.ScopeWrite, keys.ScopeWriteWebhooks)
	leaked, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	secret := strings.TrimPrefix(leaked, keys.Prefix) // the part that must not show, in any case
	withKey := func(extra map[string]string) map[string]string {
		hdr := apitest.Bearer(write)
		for k, v := range extra {
			hdr[k] = v
		}
		return hdr
	}
	for _, s := range []apitest.Scenario{
		{Name: "body field name", Method: http.MethodPost, Path: "/api/v1/posts", Headers: withKey(nil),
			Body: map[string]any{leaked: 1}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "body field value", Method: http.MethodPost, Path: "/api/v1/posts", Headers: withKey(nil),
			Body: map[string]any{"title": "t", "visibility": leaked}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "body value of the wrong type", Method: http.MethodPost, Path: "/api/v1/posts", Headers: withKey(nil),
			Body: map[string]any{"title": []string{leaked}}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "array item", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: withKey(nil),
			Body: map[string]any{"url": "https://1.1.1.1/hook", "events": []string{leaked}}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "webhook URL", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: withKey(nil),
			Body: map[string]any{"url": "http://" + strings.ToLower(leaked) + ".example/hook"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "header name", Method: http.MethodPost, Path: "/api/v1/posts", Headers: withKey(map[string]string{leaked: "1"}),
			Body: map[string]any{"title": 5}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "header value", Path: "/api/v1/posts", Headers: map[string]string{"Authorization": "Bearer " + leaked, "X-Note": leaked},
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "user agent", Path: "/api/v1/nothing", Headers: withKey(map[string]string{"User-Agent": "bot " + leaked}),
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "query name", Path: "/api/v1/posts?" + leaked + "=1", Headers: withKey(nil),
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "query value", Path: "/api/v1/posts?limit=" + leaked, Headers: withKey(nil),
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "path", Path: "/api/v1/posts/" + leaked, Headers: withKey(nil),
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
	} {
		s.NotExpectedContent = []string{secret, strings.ToLower(secret)}
		var before int
		s.Before = func(t testing.TB, h *apitest.Harness) { before = len(h.LogRows(t, 0)) }
		s.After = func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
			rows := h.LogRows(t, before+1)
			for _, row := range rows {
				if strings.Contains(strings.ToLower(row), strings.ToLower(secret)) {
					t.Fatalf("a log row holds the key: %s", row)
				}
			}
		}
		s.Test(t, h)
	}
}
