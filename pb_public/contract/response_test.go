package contract_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/pb_public/contract"
)

func TestMatch(t *testing.T) {
	doc := load(t)
	cases := []struct {
		method, path string
		want         string // operation, "" for none
		pathKnown    bool
	}{
		{"GET", "/api/v1/posts", "GET /api/v1/posts", true},
		{"GET", "/api/v1/posts/hello-world", "GET /api/v1/posts/{idOrSlug}", true},
		{"HEAD", "/api/v1/posts/hello-world", "GET /api/v1/posts/{idOrSlug}", true},
		{"PATCH", "/api/v1/posts/k3h8x2m9q4w7z1p", "PATCH /api/v1/posts/{idOrSlug}", true},
		{"GET", "/api/v1/webhooks/events", "GET /api/v1/webhooks/events", true},
		{"GET", "/api/v1/webhooks/poll/content.created", "GET /api/v1/webhooks/poll/{event}", true},
		{"POST", "/api/admin/api-keys/abc/rotate", "POST /api/admin/api-keys/{id}/rotate", true},
		{"PUT", "/api/v1/profile", "", true},
		{"GET", "/api/v1/posts/", "", false},
		{"GET", "/api/v1/nope", "", false},
		{"GET", "/api/v3/posts", "", false},
	}
	for _, c := range cases {
		op, known := doc.Match(c.method, c.path)
		got := ""
		if op != nil {
			got = op.String()
		}
		if got != c.want || known != c.pathKnown {
			t.Errorf("Match(%s %s) = %q, %v; want %q, %v", c.method, c.path, got, known, c.want, c.pathKnown)
		}
	}
}

func header(kv ...string) http.Header {
	h := http.Header{"X-Request-Id": {"req_1"}}
	for i := 0; i < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

const (
	ts      = `"2026-11-21 20:10:25.123Z"`
	profile = `{"data":{"id":"a1s2d3f4g5h6j7k","name":"Ada","headline":"","bio":"","avatar":null,"avatar_thumbs":null,"location":"","website":"",` +
		`"links":null,"email":"","created":` + ts + `,"updated":` + ts + `}}`
	publicCache = "public, max-age=0, s-maxage=60, must-revalidate"
)

// TestCheckResponse: what the harness calls on every response, on hand-made responses that
// pass and that drift.
func TestCheckResponse(t *testing.T) {
	doc := load(t)
	okHeaders := func(extra ...string) http.Header {
		return header(append([]string{"Content-Type", "application/json; charset=utf-8", "Cache-Control", publicCache,
			"Vary", "Authorization, Origin, X-Member-Token", "ETag", `"abc"`}, extra...)...)
	}
	errHeaders := header("Content-Type", "application/json", "Cache-Control", "no-store")
	notFound := `{"error":{"code":"not_found","message":"not found"}}`
	cases := []struct {
		name         string
		method, path string
		res          contract.Response
		want         error  // nil, ErrUndocumented or ErrViolation
		says         string // part of the error message
	}{
		{"valid profile", "GET", "/api/v1/profile", contract.Response{200, okHeaders(), []byte(profile)}, nil, ""},
		{"rate headers are checked when present", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders("X-RateLimit-Limit", "ten"), []byte(profile)}, contract.ErrViolation, "X-RateLimit-Limit"},
		{"integer rate headers pass", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders("X-RateLimit-Limit", "10", "X-RateLimit-Remaining", "9", "X-RateLimit-Reset", "1795000000"), []byte(profile)}, nil, ""},
		{"extra field", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders(), []byte(strings.Replace(profile, `"email":""`, `"email":"","password":"x"`, 1))}, contract.ErrViolation, "password"},
		{"missing field", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders(), []byte(strings.Replace(profile, `"email":"",`, ``, 1))}, contract.ErrViolation, "email"},
		{"wrong timestamp layout", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders(), []byte(strings.Replace(profile, ts, `"2026-11-21T20:10:25Z"`, 1))}, contract.ErrViolation, "pattern"},
		{"wrong cache policy", "GET", "/api/v1/profile",
			contract.Response{200, okHeaders("Cache-Control", "no-store"), []byte(profile)}, contract.ErrViolation, "Cache-Control"},
		{"no request id", "GET", "/api/v1/profile",
			contract.Response{200, http.Header{"Content-Type": {"application/json"}, "Cache-Control": {publicCache}, "Vary": {"Authorization, Origin, X-Member-Token"}, "Etag": {`"a"`}},
				[]byte(profile)}, contract.ErrViolation, "X-Request-Id"},
		{"no ETag on a v1 GET", "GET", "/api/v1/profile",
			contract.Response{200, header("Content-Type", "application/json", "Cache-Control", publicCache, "Vary", "Authorization, Origin, X-Member-Token"), []byte(profile)},
			contract.ErrViolation, "ETag"},
		{"not JSON", "GET", "/api/v1/profile", contract.Response{200, okHeaders(), []byte("<html>")}, contract.ErrViolation, "not JSON"},
		{"undocumented status", "GET", "/api/v1/profile", contract.Response{409, errHeaders, []byte(notFound)}, contract.ErrUndocumented, "409"},
		{"documented error", "GET", "/api/v1/profile", contract.Response{404, errHeaders, []byte(notFound)}, nil, ""},
		{"error with another status's code", "GET", "/api/v1/profile",
			contract.Response{404, errHeaders, []byte(`{"error":{"code":"unauthorized","message":"x"}}`)}, contract.ErrViolation, "not_found"},
		{"500 leaking", "GET", "/api/v1/profile",
			contract.Response{500, errHeaders, []byte(`{"error":{"code":"internal_error","message":"sql: no such table"}}`)}, contract.ErrViolation, "query failed"},
		{"429 needs Retry-After", "GET", "/api/v1/profile",
			contract.Response{429, errHeaders, []byte(`{"error":{"code":"rate_limited","message":"too many requests"}}`)}, contract.ErrViolation, "Retry-After"},
		{"204 without body", "DELETE", "/api/v1/posts/k3h8x2m9q4w7z1p", contract.Response{204, header("Cache-Control", "no-store"), nil}, nil, ""},
		{"204 with a body", "DELETE", "/api/v1/posts/k3h8x2m9q4w7z1p", contract.Response{204, header("Cache-Control", "no-store"), []byte("{}")}, contract.ErrViolation, "no body"},
		{"HEAD skips the body", "HEAD", "/api/v1/profile", contract.Response{200, okHeaders(), nil}, nil, ""},
		{"unknown path 404", "GET", "/api/v1/nope", contract.Response{404, errHeaders, []byte(notFound)}, nil, ""},
		{"unknown path must be 404", "GET", "/api/v1/nope", contract.Response{200, errHeaders, []byte(`{}`)}, contract.ErrUndocumented, "no such operation"},
		{"wrong method 405", "PUT", "/api/v1/profile",
			contract.Response{405, header("Content-Type", "application/json", "Cache-Control", "no-store", "Allow", "GET, HEAD"),
				[]byte(`{"error":{"code":"method_not_allowed","message":"no"}}`)}, nil, ""},
		{"405 without Allow", "PUT", "/api/v1/profile",
			contract.Response{405, errHeaders, []byte(`{"error":{"code":"method_not_allowed","message":"no"}}`)}, contract.ErrViolation, "Allow"},
		{"outside the API", "GET", "/api/health", contract.Response{200, http.Header{}, []byte("anything")}, nil, ""},
		{"preflight", "OPTIONS", "/api/v1/posts", contract.Response{204, http.Header{}, nil}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := doc.CheckResponse(c.method, c.path, c.res)
			switch {
			case c.want == nil && err != nil:
				t.Fatalf("unexpected: %v", err)
			case c.want != nil && !errors.Is(err, c.want):
				t.Fatalf("got %v, want %v", err, c.want)
			case c.want != nil && !strings.Contains(err.Error(), c.says):
				t.Fatalf("%v does not say %q", err, c.says)
			}
		})
	}
}

func TestCover(t *testing.T) {
	doc := load(t)
	var all []contract.Route
	for _, op := range doc.Operations() {
		scope := ""
		if len(op.Scopes) == 1 {
			scope = op.Scopes[0]
		}
		all = append(all, contract.Route{Method: op.Method, Path: op.Path, Owner: op.Owner, Scope: scope})
	}
	if cov := doc.Cover(all); !cov.OK() {
		t.Fatalf("the contract does not cover itself:\n%s", cov)
	}
	drifted := append([]contract.Route{
		{Method: "GET", Path: "/api/v1/pages", Scope: "read"},        // not in the contract
		{Method: "GET", Path: "/api/health"},                         // outside the API: ignored
		{Method: "GET", Path: "/api/v1/posts/{slug}", Scope: "read"}, // renamed parameter
	}, all[1:]...) // the first operation not registered
	for i, r := range drifted {
		if r.Method == "POST" && r.Path == "/api/v2/webhooks" {
			drifted[i].Scope = "webhooks" // another scope
		}
		if r.Path == "/api/v1/posts/{idOrSlug}" && r.Method == "GET" {
			drifted[i].Path = "/api/v1/posts/{idOrSlug}x" // dropped: replaced by {slug} above
		}
	}
	cov := doc.Cover(drifted)
	report := cov.String()
	for _, want := range []string{
		"registered but not in the contract (2):\n  GET /api/v1/pages\n  GET /api/v1/posts/{idOrSlug}x",
		"in the contract but not registered (1):\n  " + all[0].Method + " " + all[0].Path,
		"GET /api/v1/posts/{slug}: the contract names it /api/v1/posts/{idOrSlug}",
		`POST /api/v2/webhooks: the route needs scope "webhooks", the contract says x-required-scopes [write:webhooks]`,
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not say %q:\n%s", want, report)
		}
	}
}
