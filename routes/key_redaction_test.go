package routes

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
)

const fakeKey = "svc_live_0123456789abcdefghijABCDEFGHIJ"

func TestRedactKeys(t *testing.T) {
	cases := []struct {
		name           string
		target         string
		referer, agent string
		wantURI        string
		wantReferer    string
		wantAgent      string
		wantFlagged    bool
	}{
		{name: "nothing to redact", target: "/api/v1/posts?limit=2", referer: "https://site.example/a", agent: "curl/8",
			wantURI: "/api/v1/posts?limit=2", wantReferer: "https://site.example/a", wantAgent: "curl/8"},
		{name: "key as a path segment", target: "/api/v1/posts/" + fakeKey,
			wantURI: "/api/v1/posts/REDACTED", wantFlagged: true},
		{name: "key inside a path segment", target: "/api/v1/webhooks/poll/x" + fakeKey + "y/more",
			wantURI: "/api/v1/webhooks/poll/REDACTED/more", wantFlagged: true},
		{name: "percent-encoded key in the path", target: "/api/v1/posts/%73vc_live_abc%2Fdef",
			wantURI: "/api/v1/posts/REDACTED", wantFlagged: true},
		{name: "key in the query", target: "/api/v1/posts?key=" + fakeKey,
			wantURI: "/api/v1/posts?key=REDACTED", wantFlagged: true},
		{name: "key outside the API", target: "/" + fakeKey + ".html",
			wantURI: "/REDACTED", wantFlagged: true},
		{name: "key in the referer", target: "/api/v1/posts", referer: "https://site.example/?k=" + fakeKey,
			wantURI: "/api/v1/posts", wantReferer: "https://site.example/?k=svc_live_REDACTED"},
		{name: "encoded key in the referer", target: "/api/v1/posts", referer: "https://site.example/%73vc_live_abc",
			wantURI: "/api/v1/posts", wantReferer: "https://site.example/svc_live_REDACTED"},
		{name: "key in the user agent", target: "/api/v1/posts", agent: "bot " + fakeKey,
			wantURI: "/api/v1/posts", wantAgent: "bot svc_live_REDACTED"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, c.target, nil)
			if c.referer != "" {
				r.Header.Set("Referer", c.referer)
			}
			if c.agent != "" {
				r.Header.Set("User-Agent", c.agent)
			}
			flagged := redactKeys(r)
			if flagged != c.wantFlagged {
				t.Errorf("flagged = %v, want %v", flagged, c.wantFlagged)
			}
			if got := r.URL.RequestURI(); got != c.wantURI {
				t.Errorf("logged URL = %q, want %q", got, c.wantURI)
			}
			if got := r.Referer(); got != c.wantReferer {
				t.Errorf("logged referer = %q, want %q", got, c.wantReferer)
			}
			if got := r.UserAgent(); got != c.wantAgent {
				t.Errorf("logged user agent = %q, want %q", got, c.wantAgent)
			}
			for _, logged := range []string{r.URL.RequestURI(), r.URL.Path, r.Referer(), r.UserAgent()} {
				if strings.Contains(keys.UnescapeLoosely(logged), "svc_live_0") || strings.Contains(logged, "abc") {
					t.Errorf("a key is left in %q", logged)
				}
			}
		})
	}
}
