package metrics_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/metrics"
)

// scrape returns the exposition text.
func scrape(t testing.TB, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("scrape: %d", rec.Code)
	}
	return rec.Body.String()
}

// TestSeries: requests, key look-ups, cache hits, refusals and webhook events show as the
// series the operations page names, with route patterns for labels and no key anywhere.
func TestSeries(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	limits := routes.RateLimits{}
	var h *apitest.Harness
	h = apitest.New(t, apitest.Options{
		RateLimits: &limits,
		Hooks:      func(c *hooks.Config) { c.Webhooks.Observer = m.WebhookObserver() },
		Router: func(r *router.Router[*core.RequestEvent]) {
			r.Bind(m.Middleware(routes.MetricsMiddlewarePriority))
		},
	})
	if err := m.Register(metrics.NewSourceCollector(metrics.Sources{
		ReadCache: h.API.ReadCacheStats, RateLimitRefusals: h.API.RateLimitRefusals, KeyLookups: h.API.KeyLookups,
		RequestLog: h.API.RequestLog().Stats, Backlog: h.Webhooks.Backlog, Now: h.Clock.Now,
	})); err != nil {
		t.Fatal(err)
	}
	secret, _ := h.CreateKey("read", "write")
	unknown, unknownID := h.CreateKey("read") // well-formed, and then revoked
	revoked, err := h.App.FindRecordById("api_keys", unknownID)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.App.Delete(revoked); err != nil {
		t.Fatal(err)
	}
	list := apitest.Scenario{Path: "/api/v1/posts", Headers: apitest.Bearer(secret), ExpectedStatus: http.StatusOK}
	calls := []apitest.Scenario{list, list, list, // a miss, then two hits of the read cache
		{Path: "/api/v1/posts/no-such-post", Headers: apitest.Bearer(secret), ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "unknown key", Path: "/api/v1/posts", Headers: apitest.Bearer(unknown), ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(secret),
			Body: map[string]any{"title": "Counted", "content": "<p>x</p>", "visibility": "public", "draft": false}, ExpectedStatus: http.StatusCreated},
	}
	profile := apitest.Scenario{Path: "/api/v1/profile", RemoteAddr: "198.51.100.7:1000", Headers: apitest.Bearer(secret)}
	for i := range 12 { // the Normal tier's burst is 10
		p := profile
		p.Name, p.ExpectedStatus, p.ExpectedCode = fmt.Sprintf("profile %d", i+1), http.StatusNotFound, "not_found" // none made yet
		if i >= 10 {
			p.ExpectedStatus, p.ExpectedCode = http.StatusTooManyRequests, "rate_limited"
		}
		calls = append(calls, p)
	}
	for _, s := range calls {
		s.Test(t, h)
	}

	text := scrape(t, m)
	for _, want := range []string{
		`http_server_request_duration_seconds_count{method="GET",route="/api/v1/posts",status="200"} 3`,
		`http_server_request_duration_seconds_count{method="GET",route="/api/v1/posts/{idOrSlug}",status="404"} 1`,
		`http_server_request_duration_seconds_count{method="GET",route="/api/v1/posts",status="401"} 1`,
		`http_server_request_duration_seconds_count{method="POST",route="/api/v1/posts",status="201"} 1`,
		`cca_read_cache_hits_total 2`,
		`cca_key_lookups_refused_total 1`,
		`cca_rate_limit_refusals_total{tier="normal"} 2`,
		`cca_webhook_events_written_total 1`,
		`cca_webhook_deliveries_pending 0`,
		`go_goroutines `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %s in\n%s", want, grepCCA(text))
		}
	}
	for _, secretPart := range []string{strings.TrimPrefix(secret, "svc_live_"), strings.TrimPrefix(unknown, "svc_live_"), "no-such-post"} {
		if strings.Contains(text, secretPart) {
			t.Errorf("the metrics hold %q", secretPart)
		}
	}
}

func grepCCA(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		if (strings.HasPrefix(line, "cca_") || strings.HasPrefix(line, "http_server")) && !strings.Contains(line, "_bucket") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func TestCheckAddress(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:9464": true, "0.0.0.0:9464": true, "[::1]:9464": true, "localhost:0": true,
		":9464": false, "9464": false, "127.0.0.1": false, "127.0.0.1:http": false, "127.0.0.1:70000": false, "": false} {
		if err := metrics.CheckAddress(addr); (err == nil) != ok {
			t.Errorf("CheckAddress(%q) = %v", addr, err)
		}
	}
}
