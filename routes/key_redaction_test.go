package routes

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
)

const fakeKey = "svc_live_0123456789abcdefghijABCDEFGHIJ"

// redactionCase is a request's URL and logged headers, and what the request log keeps of them.
type redactionCase struct {
	name                   string
	target, referer, agent string
	wantURI, wantReferer   string
	wantAgent              string
	wantFlagged            bool
}

// redacted runs redactKeys on c's request, checks what it flagged and kept, and returns the
// request as the log sees it.
func (c redactionCase) redacted(t *testing.T) *http.Request {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, c.target, nil)
	if c.referer != "" {
		r.Header.Set("Referer", c.referer)
	}
	if c.agent != "" {
		r.Header.Set("User-Agent", c.agent)
	}
	if flagged := redactKeys(r); flagged != c.wantFlagged {
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
	return r
}

func TestRedactKeys(t *testing.T) {
	cases := []redactionCase{
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
			r := c.redacted(t)
			for _, logged := range []string{r.URL.RequestURI(), r.URL.Path, r.Referer(), r.UserAgent()} {
				if strings.Contains(keys.UnescapeLoosely(logged), "svc_live_0") || strings.Contains(logged, "abc") {
					t.Errorf("a key is left in %q", logged)
				}
			}
		})
	}
}

// TestRedactKeysByTheKeysRule: the cases where the request log's redaction (case-sensitive,
// keys only) once disagreed with keys.Redact, which redacts the log rows (any case, preview
// tokens too). Both now read a key by the keys package's one rule: a URL that mentions a key
// in any case is refused and redacted, and the headers the request log keeps are what
// keys.Redact leaves as it is (a preview token in its own path is no key: the log rows'
// redaction takes it, TestNoPreviewTokenReachesTheLog).
func TestRedactKeysByTheKeysRule(t *testing.T) {
	const token = "pvw_AbC-123_xyz"
	cases := []redactionCase{
		{name: "upper-case key in the path", target: "/api/v1/posts/SVC_LIVE_0123abc",
			wantURI: "/api/v1/posts/REDACTED", wantFlagged: true},
		{name: "a header name's case in the query", target: "/api/v1/posts?Svc_live_0123abc=1",
			wantURI: "/api/v1/posts?REDACTED=1", wantFlagged: true},
		{name: "encoded upper-case key in the path", target: "/api/v1/posts/%53VC_live_0123abc",
			wantURI: "/api/v1/posts/REDACTED", wantFlagged: true},
		{name: "mixed case in the referer", target: "/api/v1/posts", referer: "https://site.example/?k=Svc_Live_0123abc",
			wantURI: "/api/v1/posts", wantReferer: "https://site.example/?k=svc_live_REDACTED"},
		{name: "preview token in the user agent", target: "/api/v1/posts", agent: "bot " + token + " " + fakeKey,
			wantURI: "/api/v1/posts", wantAgent: "bot pvw_REDACTED svc_live_REDACTED"},
		{name: "preview token in its own path is no key", target: "/api/v1/previews/" + token,
			wantURI: "/api/v1/previews/" + token},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.redacted(t)
			if keys.MentionsKey(r.URL.RequestURI()) {
				t.Errorf("the logged URL %q still mentions a key", r.URL.RequestURI())
			}
			for _, header := range []string{r.Referer(), r.UserAgent()} {
				if keys.Redact(header) != header {
					t.Errorf("the log rows' redaction would still change %q", header)
				}
			}
		})
	}
}
