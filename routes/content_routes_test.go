package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// contentEndpoint is one content route as the spec lists it, with a request that succeeds
// when the key has the scope. In path, {id} stands for a record of collection that PATCH may
// change and {doomed} for one that DELETE may remove.
type contentEndpoint struct {
	method, path, scope string
	collection          string
	body                any
	ok                  int
}

// url is the endpoint's path with the ids of its records ({preview}: ids["preview"], a
// preview token).
func (ep contentEndpoint) url(ids, doomed map[string]string) string {
	return strings.NewReplacer("{id}", ids[ep.collection], "{doomed}", doomed[ep.collection], "{preview}", ids["preview"]).Replace(ep.path)
}

// withPreview adds to ids a preview token of the post of ids.
func withPreview(t *testing.T, h *apitest.Harness, ids map[string]string) map[string]string {
	t.Helper()
	link, err := h.Previews.Create(h.App, vocab.Posts, ids[vocab.Posts], 0)
	if err != nil {
		t.Fatal(err)
	}
	ids["preview"] = link.Token
	return ids
}

// contentEndpoints lists every content endpoint of the spec.
func contentEndpoints() []contentEndpoint {
	const read, write, content = keys.ScopeRead, keys.ScopeWrite, keys.ScopeReadContent
	eps := []contentEndpoint{
		{http.MethodGet, "/api/v1/posts/scope-post", read, "", nil, 200},
		{http.MethodGet, "/api/v1/projects/scope-project", read, "", nil, 200},
		{http.MethodGet, "/api/v1/tags", read, "", nil, 200},
		{http.MethodGet, "/api/v1/previews/{preview}", read, "", nil, 200},
		{http.MethodGet, "/api/v2/posts", content, "", nil, 200},
		{http.MethodGet, "/api/v2/posts/{id}", content, "posts", nil, 200},
		{http.MethodGet, "/api/v2/projects", content, "", nil, 200},
		{http.MethodGet, "/api/v2/projects/{id}", content, "projects", nil, 200},
		{http.MethodGet, "/api/v2/courses", content, "", nil, 200},
		{http.MethodGet, "/api/v2/talks", content, "", nil, 200},
		{http.MethodGet, "/api/v2/members", keys.ScopeReadMembers, "", nil, 200},
		{http.MethodGet, "/api/v2/analytics", keys.ScopeReadAnalytics, "", nil, 200},
	}
	bodies := map[string]map[string]any{
		"posts":          {"title": "New post", "visibility": "public"},
		"projects":       {"title": "New project", "visibility": "public"},
		"courses":        {"title": "New course", "currency": "usd"},
		"talks":          {"title": "New talk"},
		"experience":     {"company": "Acme", "role": "Engineer"},
		"education":      {"school": "Open University"},
		"skills":         {"name": "Go"},
		"certifications": {"name": "CKA"},
	}
	for _, c := range []string{"posts", "projects", "courses", "talks", "experience", "education", "skills", "certifications"} {
		base := "/api/v1/" + c
		eps = append(eps,
			contentEndpoint{http.MethodGet, base, read, c, nil, 200},
			contentEndpoint{http.MethodPost, base, write, c, bodies[c], 201},
			contentEndpoint{http.MethodPatch, base + "/{id}", write, c, map[string]any{}, 200},
			contentEndpoint{http.MethodDelete, base + "/{doomed}", write, c, nil, 204},
		)
	}
	return eps
}

// seedOnePerCollection saves a record in each writable collection and returns name → id.
func seedOnePerCollection(t *testing.T, h *apitest.Harness, suffix string) map[string]string {
	t.Helper()
	fields := map[string]map[string]any{
		vocab.Posts:          {"title": "Scope post" + suffix, "visibility": "public"},
		vocab.Projects:       {"title": "Scope project" + suffix, "visibility": "public"},
		vocab.Courses:        {"title": "Scope course" + suffix, "currency": "usd"},
		vocab.Talks:          {"title": "Scope talk"},
		vocab.Experience:     {"company": "Acme", "role": "Engineer"},
		vocab.Education:      {"school": "Open University"},
		vocab.Skills:         {"name": "Go"},
		vocab.Certifications: {"name": "CKA"},
	}
	ids := map[string]string{}
	for c, f := range fields {
		ids[c] = h.SaveRecord(c, f).Id
	}
	return ids
}

// TestContentEndpoints runs the tests of the content endpoints on one harness, one after the
// other, with a key of each scope and a record in each writable collection (and one more that
// DELETE may remove).
func TestContentEndpoints(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	ids := withPreview(t, h, seedOnePerCollection(t, h, ""))
	doomed := seedOnePerCollection(t, h, " doomed")
	keyOf := map[string]string{}
	for _, s := range keys.Scopes() {
		keyOf[s], _ = h.CreateKey(s)
	}
	t.Run("routes are all tested", func(t *testing.T) { contentRoutesAreAllTested(t, h) })
	t.Run("scopes", func(t *testing.T) { contentEndpointScopes(t, h, keyOf, ids, doomed) })
	t.Run("cache headers", func(t *testing.T) { contentCacheHeaders(t, h, keyOf, ids) })
	t.Run("ETag round trip", func(t *testing.T) { contentETagRoundTrip(t, h, keyOf) })
}

// contentEndpointScopes calls every content endpoint with a key of each scope: the endpoint's
// own scope succeeds, every other one is 403 insufficient_scope (checked before the record is
// looked up, so the order of the calls does not matter).
func contentEndpointScopes(t *testing.T, h *apitest.Harness, keyOf, ids, doomed map[string]string) {
	for _, ep := range contentEndpoints() {
		for _, s := range keys.Scopes() {
			sc := apitest.Scenario{Name: ep.method + " " + ep.path + " with " + s, Method: ep.method, Path: ep.url(ids, doomed),
				Headers: apitest.Bearer(keyOf[s]), Body: ep.body, ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope",
				ExpectedEvents: []string{}} // a refused call changes nothing
			if s == ep.scope {
				sc.ExpectedStatus, sc.ExpectedCode, sc.ExpectedEvents = ep.ok, "", writeEvents(ep)
			}
			sc.Test(t, h)
		}
	}
}

// writeEvents are the webhook events a successful call of ep writes to the outbox: content.*
// for posts and projects only, none for a read (nil: not checked, for a PATCH, whose events
// depend on what it changes).
func writeEvents(ep contentEndpoint) []string {
	switch {
	case ep.method == http.MethodGet || (ep.collection != "posts" && ep.collection != "projects"):
		return []string{}
	case ep.method == http.MethodPost:
		return []string{"content.created"}
	case ep.method == http.MethodDelete:
		return []string{"content.deleted"}
	}
	return nil
}

// contentRoutesAreAllTested fails when a content route is added without a row above.
func contentRoutesAreAllTested(t *testing.T, h *apitest.Harness) {
	tested := map[string]string{}
	for _, ep := range contentEndpoints() {
		tested[ep.method+" "+routeTemplate(ep.path)] = ep.scope
	}
	for _, r := range h.API.Routes() {
		if r.Path == "/api/v1/profile" || strings.Contains(r.Path, "webhook") || strings.Contains(r.Path, "newsletter") ||
			strings.HasPrefix(r.Path, "/api/admin") || strings.HasPrefix(r.Path, "/api/v1/members/") { // newsletter_*_test.go, member_routes_test.go
			continue
		}
		scope, ok := tested[r.Method+" "+routeTemplate(r.Path)]
		if !ok {
			t.Errorf("%s %s is not in contentEndpoints", r.Method, r.Path)
		} else if scope != r.Scope {
			t.Errorf("%s %s needs %q, the spec says %q", r.Method, r.Path, r.Scope, scope)
		}
		delete(tested, r.Method+" "+routeTemplate(r.Path))
	}
	for ep := range tested {
		t.Errorf("%s is not a route", ep)
	}
}

// routeTemplate replaces the last segment of paths with a parameter by a placeholder, so
// /api/v1/posts/{idOrSlug} and /api/v1/posts/abc compare equal.
func routeTemplate(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) == 5 {
		parts[4] = "*"
	}
	return strings.Join(parts, "/")
}

// contentCacheHeaders checks each endpoint's caching headers. It runs after the scopes, which
// deleted the doomed records but kept those of ids.
func contentCacheHeaders(t *testing.T, h *apitest.Harness, keyOf, ids map[string]string) {
	for _, ep := range contentEndpoints() {
		s := apitest.Scenario{Name: ep.method + " " + ep.path, Method: ep.method, Path: ep.url(ids, ids),
			Headers: apitest.Bearer(keyOf[ep.scope]), Body: ep.body, ExpectedStatus: ep.ok,
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store", "ETag": ""}}
		switch {
		case ep.method == http.MethodDelete: // of an unknown record: the records of ids stay for the calls after it
			s.Path = strings.Replace(ep.path, "{doomed}", "unknownid123456", 1)
			s.ExpectedStatus, s.ExpectedCode = http.StatusNotFound, "not_found"
		case strings.HasPrefix(ep.path, "/api/v1/previews/"):
			s.ExpectedHeaders = map[string]string{"Cache-Control": "private, no-store", "Vary": "", "ETag": apitest.Present}
		case ep.method == http.MethodGet && strings.HasPrefix(ep.path, "/api/v1/"):
			s.ExpectedHeaders = map[string]string{"Cache-Control": "public, max-age=0, s-maxage=60, must-revalidate", "ETag": apitest.Present}
		case ep.method == http.MethodGet:
			s.ExpectedHeaders = map[string]string{"Cache-Control": "private, no-cache", "ETag": apitest.Present}
		}
		s.Test(t, h)
	}
}

func contentETagRoundTrip(t *testing.T, h *apitest.Harness, keyOf map[string]string) {
	read, write, content := keyOf[keys.ScopeRead], keyOf[keys.ScopeWrite], keyOf[keys.ScopeReadContent]
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "Cached", "visibility": "public"})

	for _, c := range []struct{ path, key string }{
		{"/api/v1/posts", read},
		{"/api/v1/posts/cached", read},
		{"/api/v2/posts", content},
		{"/api/v2/posts/{id}", content},
	} {
		name := c.path
		c.path = strings.Replace(c.path, "{id}", post.Id, 1)
		t.Run(name, func(t *testing.T) {
			get := apitest.Scenario{Name: "first", Path: c.path, Headers: apitest.Bearer(c.key), ExpectedStatus: http.StatusOK,
				ExpectedHeaders: map[string]string{"ETag": apitest.Present}}
			etag := get.Test(t, h).Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) {
				t.Fatalf("no strong ETag: %q", etag)
			}
			get.Name, get.Headers = "If-None-Match", with(apitest.Bearer(c.key), "If-None-Match", etag)
			get.ExpectedStatus = http.StatusNotModified // and no body, as Scenario checks of every 304
			get.Test(t, h)

			apitest.Scenario{Name: "a change", Method: http.MethodPatch, Path: "/api/v1/posts/" + post.Id, Headers: apitest.Bearer(write),
				Body: map[string]any{"excerpt": "now " + c.path}, ExpectedStatus: http.StatusOK}.Test(t, h)
			get.Name, get.ExpectedStatus = "If-None-Match after the change", http.StatusOK
			get.After = func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				if newTag := res.Header.Get("ETag"); newTag == etag {
					t.Errorf("ETag after a change = %q, was %q", newTag, etag)
				}
			}
			get.Test(t, h)
		})
	}
}
