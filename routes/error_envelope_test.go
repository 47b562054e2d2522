package routes_test

import (
	"io"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// TestErrorEnvelopeEverywhere: every failure of the API, whatever failed (routing, method,
// body, size, an unclean path), is the envelope, in JSON, with a message and the request id;
// a sane request id is echoed, any other replaced. The cases share one app: none changes it.
func TestErrorEnvelopeEverywhere(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	su := owner(h.SuperuserToken())
	big := `{"name":"` + strings.Repeat("x", 1<<20) + `","scopes":["read"]}`
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
	// An unclean path is a 404, never a redirect to the clean one.
	unclean := func(path string) apitest.Scenario {
		s := fail("unclean path "+path, "GET", path, apitest.Bearer(key), nil, 404, "not_found")
		s.ExpectedHeaders["Location"] = ""
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
		// A chunked body has no Content-Length: the limit must still hold while reading.
		fail("oversize body without Content-Length", "POST", "/api/admin/api-keys", su, &chunked{n: 2 << 20}, 413, "payload_too_large"),
		unclean("/api/v1/webhooks/poll/.."),
		unclean("/api/v1/posts/../profile"),
		unclean("/api/v1//posts"),
		unclean("/api/admin/./api-keys"),
		unclean("/api/v2/posts/."),
		// The clean path is served as before (there is no profile yet).
		fail("a clean path", "GET", "/api/v1/profile", apitest.Bearer(key), nil, 404, "not_found"),
		{Name: "a sane request id is echoed", Path: "/api/v1/profile", Headers: map[string]string{"X-Request-Id": "abc-123"},
			ExpectedStatus: 401, ExpectedCode: "unauthorized", ExpectedHeaders: map[string]string{"X-Request-Id": "abc-123"}},
		{Name: "an insane request id is replaced", Path: "/api/v1/profile", Headers: map[string]string{"X-Request-Id": "bad id\twith<script>"},
			ExpectedStatus: 401, ExpectedCode: "unauthorized",
			After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				if got := res.Header.Get("X-Request-Id"); !strings.HasPrefix(got, "req_") {
					t.Errorf("insane id not replaced: %q", got)
				}
			}},
		// Paths outside the API keep PocketBase's behaviour, the request id included.
		{Name: "PocketBase's own route", Path: "/api/health", ExpectedStatus: 200, ExpectedHeaders: map[string]string{"X-Request-Id": apitest.Present}},
		{Name: "PocketBase's unclean path", Path: "/_/../api/health", ExpectedStatus: 307, ExpectedHeaders: map[string]string{"Location": "/api/health"}},
	} {
		s.Test(t, h)
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
