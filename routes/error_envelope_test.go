package routes_test

import (
	"io"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/apitest"
)

func TestErrorEnvelopeEverywhere(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	su := owner(h.SuperuserToken())
	big := `{"name":"` + strings.Repeat("x", 1<<20) + `","scopes":["read"]}`
	// Every failure is the envelope, in JSON, with a message and the request id.
	fail := func(name, method, path string, headers map[string]string, body any, status int, code string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: headers, Body: body,
			ExpectedStatus: status, ExpectedCode: code, ExpectedContent: []string{`"message":"`},
			ExpectedHeaders: map[string]string{"X-Request-Id": apitest.Present, "Content-Type": "application/json; charset=utf-8"}}
	}
	saying := func(s apitest.Scenario, part string) apitest.Scenario {
		s.ExpectedContent = append(s.ExpectedContent, part)
		return s
	}
	allowing := func(s apitest.Scenario, allow string) apitest.Scenario {
		s.ExpectedHeaders["Allow"] = allow
		return s
	}
	for _, s := range []apitest.Scenario{
		fail("unknown v1 path", "GET", "/api/v1/nope", apitest.Bearer(key), nil, 404, "not_found"),
		fail("unknown v1 path without key", "GET", "/api/v1/nope/deeper", nil, nil, 404, "not_found"),
		fail("unknown v2 path", "DELETE", "/api/v2/nope", nil, nil, 404, "not_found"),
		fail("unknown admin path", "POST", "/api/admin/nope", nil, `{}`, 404, "not_found"),
		fail("bare v1 prefix", "GET", "/api/v1/", nil, nil, 404, "not_found"),
		allowing(fail("wrong method", "PUT", "/api/v1/profile", apitest.Bearer(key), `{}`, 405, "method_not_allowed"), "GET, HEAD"),
		allowing(fail("wrong method on admin", "PUT", "/api/admin/api-keys", su, `{}`, 405, "method_not_allowed"), "GET, HEAD, POST"),
		allowing(fail("wrong method with a path parameter", "GET", "/api/admin/api-keys/abc/rotate", su, nil, 405, "method_not_allowed"), "POST"),
		saying(fail("malformed JSON", "POST", "/api/admin/api-keys", su, `{"name": "x",`, 400, "invalid_request"), "malformed JSON"),
		saying(fail("form body", "POST", "/api/admin/api-keys", with(su, "Content-Type", "application/x-www-form-urlencoded"), `name=x&scopes=read`, 400, "invalid_request"), "application/json"),
		saying(fail("text body", "POST", "/api/admin/api-keys", with(su, "Content-Type", "text/plain"), `{"name":"x","scopes":["read"]}`, 400, "invalid_request"), "application/json"),
		fail("oversize body", "POST", "/api/admin/api-keys", su, big, 413, "payload_too_large"),
	} {
		s.Test(t, h)
	}
}

func TestOversizeBodyWithoutContentLength(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
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
