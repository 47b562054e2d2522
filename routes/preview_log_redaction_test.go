package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/previews"
)

// TestNoPreviewTokenReachesTheLog: a preview token opens a draft as a key opens the API, so the
// request log redacts it as it redacts keys (pvw_REDACTED): in the URL of a refused read, in a
// Referer and in a User-Agent.
func TestNoPreviewTokenReachesTheLog(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.App.Settings().Logs.MaxDays = 1 // PocketBase's test app keeps no log
	read, _ := h.CreateKey(keys.ScopeRead)
	const secret = "Qm9va3MtYW5kLW1vcmUtYm9va3Mtd2l0aC1kYXNoZXM_x-1"
	token := previews.TokenPrefix + secret
	for _, s := range []apitest.Scenario{
		{Name: "path", Path: "/api/v1/previews/" + token, Headers: apitest.Bearer(read),
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "no key", Path: "/api/v1/previews/" + token,
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "referer and user agent", Path: "/api/v1/nothing", Headers: map[string]string{"Authorization": "Bearer " + read,
			"Referer": "https://site.example/preview?t=" + token, "User-Agent": "bot " + token},
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
	} {
		var before int
		s.Before = func(t testing.TB, h *apitest.Harness) { before = len(h.LogRows(t, 0)) }
		s.After = func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
			rows := h.LogRows(t, before+1)
			redacted := false
			for _, row := range rows {
				if strings.Contains(strings.ToLower(row), strings.ToLower(secret)) {
					t.Fatalf("a log row holds the preview token: %s", row)
				}
				redacted = redacted || strings.Contains(row, previews.TokenPrefix+keys.Redacted)
			}
			if !redacted {
				t.Fatalf("no log row says %s: %v", previews.TokenPrefix+keys.Redacted, rows)
			}
		}
		s.Test(t, h)
	}
}
