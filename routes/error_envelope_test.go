package routes_test

import (
	"io"
	"strings"
	"testing"

	"github.com/creator-content-api/server/routes/apikey"
	"github.com/creator-content-api/server/routes/apitest"
)

func TestErrorEnvelopeEverywhere(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(apikey.Scopes...)
	su := owner(h.SuperuserToken())
	big := `{"name":"` + strings.Repeat("x", 1<<20) + `","scopes":["read"]}`
	cases := []struct {
		name    string
		req     apitest.Request
		status  int
		code    string
		allow   string
		message string
	}{
		{"unknown v1 path", apitest.Request{Method: "GET", Path: "/api/v1/nope", Headers: apitest.Bearer(key)}, 404, "not_found", "", ""},
		{"unknown v1 path without key", apitest.Request{Method: "GET", Path: "/api/v1/nope/deeper"}, 404, "not_found", "", ""},
		{"unknown v2 path", apitest.Request{Method: "DELETE", Path: "/api/v2/nope"}, 404, "not_found", "", ""},
		{"unknown admin path", apitest.Request{Method: "POST", Path: "/api/admin/nope", Body: `{}`}, 404, "not_found", "", ""},
		{"bare v1 prefix", apitest.Request{Method: "GET", Path: "/api/v1/"}, 404, "not_found", "", ""},
		{"wrong method", apitest.Request{Method: "PUT", Path: "/api/v1/profile", Headers: apitest.Bearer(key), Body: `{}`}, 405, "method_not_allowed", "GET, HEAD", ""},
		{"wrong method on admin", apitest.Request{Method: "PUT", Path: "/api/admin/api-keys", Headers: su, Body: `{}`}, 405, "method_not_allowed", "GET, HEAD, POST", ""},
		{"wrong method with a path parameter", apitest.Request{Method: "GET", Path: "/api/admin/api-keys/abc/rotate", Headers: su}, 405, "method_not_allowed", "POST", ""},
		{"malformed JSON", apitest.Request{Method: "POST", Path: "/api/admin/api-keys", Headers: su, Body: `{"name": "x",`}, 400, "invalid_request", "", "malformed JSON"},
		{"form body", apitest.Request{Method: "POST", Path: "/api/admin/api-keys", Headers: with(su, "Content-Type", "application/x-www-form-urlencoded"), Body: `name=x&scopes=read`}, 400, "invalid_request", "", "application/json"},
		{"text body", apitest.Request{Method: "POST", Path: "/api/admin/api-keys", Headers: with(su, "Content-Type", "text/plain"), Body: `{"name":"x","scopes":["read"]}`}, 400, "invalid_request", "", "application/json"},
		{"oversize body", apitest.Request{Method: "POST", Path: "/api/admin/api-keys", Headers: su, Body: big}, 413, "payload_too_large", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := h.Do(c.req)
			if res.Status != c.status || res.ErrorCode() != c.code {
				t.Fatalf("got %d %s", res.Status, res.Body)
			}
			if msg, _ := res.JSON(t)["error"].(map[string]any)["message"].(string); msg == "" || !strings.Contains(msg, c.message) {
				t.Fatalf("message %q does not say %q", msg, c.message)
			}
			if c.allow != "" && res.Header.Get("Allow") != c.allow {
				t.Fatalf("Allow = %q, want %q", res.Header.Get("Allow"), c.allow)
			}
			if res.Header.Get("X-Request-Id") == "" {
				t.Fatal("no X-Request-Id")
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type = %q", ct)
			}
		})
	}
}

func TestOversizeBodyWithoutContentLength(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	su := owner(h.SuperuserToken())
	// A chunked body has no Content-Length: the limit must still hold while reading.
	res := h.Do(apitest.Request{Method: "POST", Path: "/api/admin/api-keys", Headers: su, Body: &chunked{n: 2 << 20}})
	if res.Status != 413 || res.ErrorCode() != "payload_too_large" {
		t.Fatalf("got %d %s", res.Status, res.Body)
	}
}

// chunked is a reader of n bytes of a JSON string with no known length.
type chunked struct{ n, off int }

func (c *chunked) Read(p []byte) (int, error) {
	if c.off >= c.n {
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'x'
	}
	if c.off == 0 {
		p[0] = '"'
	}
	c.off += len(p)
	return len(p), nil
}

func TestRequestIDIsEchoedWhenSane(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	res := h.Do(apitest.Request{Method: "GET", Path: "/api/v1/profile", Headers: map[string]string{"X-Request-Id": "abc-123"}})
	if got := res.Header.Get("X-Request-Id"); got != "abc-123" {
		t.Fatalf("sane id not echoed: %q", got)
	}
	res = h.Do(apitest.Request{Method: "GET", Path: "/api/v1/profile", Headers: map[string]string{"X-Request-Id": "bad id\twith<script>"}})
	if got := res.Header.Get("X-Request-Id"); !strings.HasPrefix(got, "req_") {
		t.Fatalf("insane id not replaced: %q", got)
	}
	res = h.Do(apitest.Request{Method: "GET", Path: "/api/health"})
	if res.Header.Get("X-Request-Id") == "" {
		t.Fatal("PocketBase's own routes get no X-Request-Id")
	}
}

func TestUncleanAPIPathsGetTheEnvelope(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(apikey.Scopes...)
	for _, p := range []string{"/api/v1/webhooks/poll/..", "/api/v1/posts/../profile", "/api/v1//posts", "/api/admin/./api-keys", "/api/v2/posts/."} {
		res := h.Do(apitest.Request{Method: "GET", Path: p, Headers: apitest.Bearer(key)})
		if res.Status != 404 || res.ErrorCode() != "not_found" || res.Header.Get("Location") != "" || res.Header.Get("X-Request-Id") == "" {
			t.Fatalf("%s: %d %v %s", p, res.Status, res.Header, res.Body)
		}
	}
	if res := h.Get("/api/v1/profile", key); res.Status != 404 || res.ErrorCode() != "not_found" {
		t.Fatalf("a clean path is served as before: %d %s", res.Status, res.Body)
	}
	if res := h.Do(apitest.Request{Method: "GET", Path: "/_/../api/health"}); res.Status == 404 && res.ErrorCode() == "not_found" {
		t.Fatal("paths outside the API keep PocketBase's behaviour")
	}
}
