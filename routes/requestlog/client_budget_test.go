package requestlog_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/ratelimit"
	"github.com/creator-content-api/server/routes/requestlog"
)

// TestOneClientCannotFloodTheLog: a client refused for its rate gets no row per refusal, and
// one within its rate gets DefaultClientErrorRows error rows a minute; what is not logged is
// counted (Stats) and said in one row per client when the minute ends. Another client keeps
// its rows, and long texts are cut.
func TestOneClientCannotFloodTheLog(t *testing.T) {
	t.Parallel()
	const burst, flood = 5, 200
	h := newHarness(t, requestlog.Config{}, func(o *apitest.Options) {
		o.Config = func(c *routes.Config) {
			c.RateLimits = routes.DefaultRateLimits()
			c.RateLimits.Normal = ratelimit.Tier{Name: "normal", PerMinute: 1, Burst: burst} // the clock stands still: no refill
		}
	})
	long := strings.Repeat("x", 5000)
	send := func(ip string, n int) {
		for i := range n {
			res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/nothing/" + long[:i%7+1] + "?q=" + long[:3000], RemoteAddr: ip + ":1",
				Headers: map[string]string{"User-Agent": long, "Referer": "https://a.example/" + long}})
			if want := map[bool]int{true: http.StatusNotFound, false: http.StatusTooManyRequests}[i < burst]; res.Status != want {
				t.Fatalf("request %d from %s: %d, want %d", i, ip, res.Status, want)
			}
		}
	}
	send("198.51.100.7", flood)
	send("198.51.100.8", 1)
	flush(t, h)
	rows := requestRows(t, h, "/api/v1/nothing/")
	if len(rows) != burst+1 {
		t.Fatalf("%d rows, want %d: the answered requests only", len(rows), burst+1)
	}
	for _, r := range rows {
		for _, field := range []string{"url", "userAgent", "referer"} {
			if s, _ := r.Data[field].(string); len(s) > 503 {
				t.Errorf("%s of %d bytes kept", field, len(s))
			}
		}
	}
	if s := h.API.RequestLog().Stats(); s.Refused != flood-burst {
		t.Fatalf("stats %+v, want %d refused", s, flood-burst)
	}

	h.API.RequestLog().LogSummary() // the minute ends
	flush(t, h)
	var notLogged []string
	for _, r := range requestRowsOfType(t, h, "requests_not_logged") {
		notLogged = append(notLogged, r.Message)
	}
	want := "request log: 195 requests refused for their rate (429) and 0 error rows over 198.51.100.7's cap, not logged one by one"
	if len(notLogged) != 1 || notLogged[0] != want {
		t.Fatalf("rows of what was not logged: %q, want [%q]", notLogged, want)
	}
}

// TestClientErrorRowsCap: past the cap of a minute, a client's errors are counted, not logged;
// the next minute logs them again.
func TestClientErrorRowsCap(t *testing.T) {
	t.Parallel()
	const limit, sent = 3, 10
	h := newHarness(t, requestlog.Config{ClientErrorRows: limit})
	send := func() {
		for range sent {
			if res := h.Get("/api/v1/posts", ""); res.Status != http.StatusUnauthorized {
				t.Fatalf("status %d", res.Status)
			}
		}
	}
	send()
	flush(t, h)
	if rows, s := requestRows(t, h, "/api/v1/posts"), h.API.RequestLog().Stats(); len(rows) != limit || s.Capped != sent-limit {
		t.Fatalf("%d rows, stats %+v; want %d rows and %d capped", len(rows), s, limit, sent-limit)
	}
	h.API.RequestLog().LogSummary()
	send()
	flush(t, h)
	if rows := requestRows(t, h, "/api/v1/posts"); len(rows) != 2*limit {
		t.Fatalf("%d rows after the next minute, want %d", len(rows), 2*limit)
	}
	if got := requestRowsOfType(t, h, "requests_not_logged"); len(got) != 1 || got[0].Data["capped"] != float64(sent-limit) {
		t.Fatalf("rows of what was not logged: %v", got)
	}
}
