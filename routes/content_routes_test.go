package routes_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/apikey"
	"github.com/creator-content-api/server/routes/apitest"
)

// contentEndpoint is one content route as the spec lists it, with a request that succeeds
// when the key has the scope.
type contentEndpoint struct {
	method, path, scope string
	body                any
	ok                  int
}

// contentEndpoints lists every content endpoint of the spec. ids maps a collection to a record
// id that PATCH may change and doomed to one that DELETE may remove.
func contentEndpoints(ids, doomed map[string]string) []contentEndpoint {
	const read, write, content = apikey.ScopeRead, apikey.ScopeWrite, apikey.ScopeReadContent
	eps := []contentEndpoint{
		{http.MethodGet, "/api/v1/posts/scope-post", read, nil, 200},
		{http.MethodGet, "/api/v1/projects/scope-project", read, nil, 200},
		{http.MethodGet, "/api/v1/tags", read, nil, 200},
		{http.MethodGet, "/api/v2/posts", content, nil, 200},
		{http.MethodGet, "/api/v2/posts/" + ids["posts"], content, nil, 200},
		{http.MethodGet, "/api/v2/projects", content, nil, 200},
		{http.MethodGet, "/api/v2/projects/" + ids["projects"], content, nil, 200},
		{http.MethodGet, "/api/v2/courses", content, nil, 200},
		{http.MethodGet, "/api/v2/talks", content, nil, 200},
		{http.MethodGet, "/api/v2/members", apikey.ScopeReadMembers, nil, 200},
		{http.MethodGet, "/api/v2/analytics", apikey.ScopeReadAnalytics, nil, 200},
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
			contentEndpoint{http.MethodGet, base, read, nil, 200},
			contentEndpoint{http.MethodPost, base, write, bodies[c], 201},
			contentEndpoint{http.MethodPatch, base + "/" + ids[c], write, map[string]any{}, 200},
			contentEndpoint{http.MethodDelete, base + "/" + doomed[c], write, nil, 204},
		)
	}
	return eps
}

// seedOnePerCollection saves a record in each writable collection and returns name → id.
func seedOnePerCollection(t *testing.T, h *apitest.Harness, suffix string) map[string]string {
	t.Helper()
	fields := map[string]map[string]any{
		pb_migrations.Posts:          {"title": "Scope post" + suffix, "visibility": "public"},
		pb_migrations.Projects:       {"title": "Scope project" + suffix, "visibility": "public"},
		pb_migrations.Courses:        {"title": "Scope course" + suffix, "currency": "usd"},
		pb_migrations.Talks:          {"title": "Scope talk"},
		pb_migrations.Experience:     {"company": "Acme", "role": "Engineer"},
		pb_migrations.Education:      {"school": "Open University"},
		pb_migrations.Skills:         {"name": "Go"},
		pb_migrations.Certifications: {"name": "CKA"},
	}
	ids := map[string]string{}
	for c, f := range fields {
		ids[c] = h.SaveRecord(c, f).Id
	}
	return ids
}

func TestContentEndpointScopes(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	ids := seedOnePerCollection(t, h, "")
	doomed := seedOnePerCollection(t, h, " doomed")
	keys := map[string]string{}
	for _, s := range apikey.Scopes {
		keys[s], _ = h.CreateKey(s)
	}
	for _, ep := range contentEndpoints(ids, doomed) {
		// The other scopes first: a DELETE that gets through must be the last request.
		scopes := slices.Clone(apikey.Scopes)
		slices.SortStableFunc(scopes, func(a, b string) int {
			return boolInt(a == ep.scope) - boolInt(b == ep.scope)
		})
		for _, s := range scopes {
			t.Run(ep.method+" "+ep.path+" with "+s, func(t *testing.T) {
				res := send(h, ep.method, ep.path, keys[s], ep.body)
				if s == ep.scope {
					wantStatus(t, res, ep.ok)
					return
				}
				if res.Status != http.StatusForbidden || res.ErrorCode() != "insufficient_scope" {
					t.Fatalf("got %d %s, want 403 insufficient_scope", res.Status, res.Body)
				}
			})
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestContentRoutesAreAllTested fails when a content route is added without a row above.
func TestContentRoutesAreAllTested(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	ids := map[string]string{}
	tested := map[string]string{}
	for _, ep := range contentEndpoints(ids, ids) {
		tested[ep.method+" "+routeTemplate(ep.path)] = ep.scope
	}
	for _, r := range h.API.Routes() {
		if r.Path == "/api/v1/profile" || strings.Contains(r.Path, "webhook") || strings.HasPrefix(r.Path, "/api/admin") {
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

func TestContentCacheHeaders(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	keys := map[string]string{}
	for _, s := range apikey.Scopes {
		keys[s], _ = h.CreateKey(s)
	}
	ids := seedOnePerCollection(t, h, "")
	for _, ep := range contentEndpoints(ids, ids) {
		t.Run(ep.method+" "+ep.path, func(t *testing.T) {
			if ep.method == http.MethodDelete {
				ep.path = ep.path[:strings.LastIndex(ep.path, "/")+1] + "unknownid123456"
			}
			res := send(h, ep.method, ep.path, keys[ep.scope], ep.body)
			want := "no-store"
			switch {
			case ep.method == http.MethodGet && strings.HasPrefix(ep.path, "/api/v1/"):
				want = "public, max-age=0, s-maxage=60, must-revalidate"
			case ep.method == http.MethodGet:
				want = "private, no-cache"
			}
			if got := res.Header.Get("Cache-Control"); got != want {
				t.Fatalf("Cache-Control = %q, want %q (%d)", got, want, res.Status)
			}
			if hasETag := res.Header.Get("ETag") != ""; hasETag != (ep.method == http.MethodGet) {
				t.Fatalf("ETag %q on %s", res.Header.Get("ETag"), ep.method)
			}
		})
	}
}

func TestContentETagRoundTrip(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(apikey.ScopeRead)
	write, _ := h.CreateKey(apikey.ScopeWrite)
	content, _ := h.CreateKey(apikey.ScopeReadContent)
	post := h.SaveRecord(pb_migrations.Posts, map[string]any{"title": "Cached", "visibility": "public"})

	for _, c := range []struct{ path, key string }{
		{"/api/v1/posts", read},
		{"/api/v1/posts/cached", read},
		{"/api/v2/posts", content},
		{"/api/v2/posts/" + post.Id, content},
	} {
		t.Run(c.path, func(t *testing.T) {
			first := h.Get(c.path, c.key)
			wantStatus(t, first, http.StatusOK)
			etag := first.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) {
				t.Fatalf("no strong ETag: %q", etag)
			}
			again := h.Do(apitest.Request{Method: http.MethodGet, Path: c.path, Headers: with(apitest.Bearer(c.key), "If-None-Match", etag)})
			if again.Status != http.StatusNotModified || len(again.Body) != 0 {
				t.Fatalf("If-None-Match: %d %q, want 304 with no body", again.Status, again.Body)
			}

			changed := send(h, http.MethodPatch, "/api/v1/posts/"+post.Id, write, map[string]any{"excerpt": "now " + c.path})
			wantStatus(t, changed, http.StatusOK)
			after := h.Do(apitest.Request{Method: http.MethodGet, Path: c.path, Headers: with(apitest.Bearer(c.key), "If-None-Match", etag)})
			wantStatus(t, after, http.StatusOK)
			if newTag := after.Header.Get("ETag"); newTag == "" || newTag == etag {
				t.Fatalf("ETag after a change = %q, was %q", newTag, etag)
			}
		})
	}
}
