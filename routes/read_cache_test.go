package routes_test

import (
	"crypto/tls"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
)

// cachedList is the v1 list the read cache tests read.
const cachedList = "/api/v1/posts?limit=5&sort=title"

// cacheSite is a harness with one public post, "First", and a read and write key.
type cacheSite struct {
	t    *testing.T
	h    *apitest.Harness
	key  string
	post *core.Record
}

func newCacheSite(t *testing.T, opts apitest.Options) *cacheSite {
	t.Helper()
	h := apitest.New(t, opts)
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "First", "excerpt": "one", "visibility": "public"})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWrite)
	return &cacheSite{t: t, h: h, key: key, post: post}
}

// titles reads the list and returns each post's "title: excerpt".
func (s *cacheSite) titles() []string {
	s.t.Helper()
	res := s.h.Get(cachedList, s.key)
	wantStatus(s.t, res, http.StatusOK)
	var out []string
	for _, p := range listOf(s.t, res, "data") {
		out = append(out, p["title"].(string)+": "+p["excerpt"].(string))
	}
	return out
}

func (s *cacheSite) want(what string, titles ...string) {
	s.t.Helper()
	if got := s.titles(); !slices.Equal(got, titles) {
		s.t.Fatalf("%s: %q, want %q", what, got, titles)
	}
}

// rawExcerpt changes the post's excerpt with SQL on db, as no hook sees it.
func (s *cacheSite) rawExcerpt(db dbx.Builder, excerpt string) {
	s.t.Helper()
	_, err := db.NewQuery("UPDATE posts SET excerpt = {:e} WHERE id = {:id}").Bind(dbx.Params{"e": excerpt, "id": s.post.Id}).Execute()
	if err != nil {
		s.t.Fatal(err)
	}
}

// A read is answered from memory until this process commits a write to the content, by
// whatever path: the API, the records API (as the dashboard), Go code. The first read after
// the commit shows it.
func TestReadAfterAWriteInThisProcess(t *testing.T) {
	superuser := func(s *cacheSite) map[string]string { return owner(s.h.SuperuserToken()) }
	cases := []struct {
		name  string
		write func(s *cacheSite) *apitest.Response // nil: a write that answers nothing
		want  []string
	}{
		{"v1 create", func(s *cacheSite) *apitest.Response {
			return send(s.h, http.MethodPost, "/api/v1/posts", s.key, map[string]any{"title": "Second", "excerpt": "two", "visibility": "public", "draft": false})
		}, []string{"First: behind", "Second: two"}},
		{"v1 update", func(s *cacheSite) *apitest.Response {
			return send(s.h, http.MethodPatch, "/api/v1/posts/"+s.post.Id, s.key, map[string]any{"title": "Renamed"})
		}, []string{"Renamed: behind"}},
		{"v1 delete", func(s *cacheSite) *apitest.Response {
			return send(s.h, http.MethodDelete, "/api/v1/posts/"+s.post.Id, s.key, nil)
		}, nil},
		{"records API, as the dashboard", func(s *cacheSite) *apitest.Response {
			return s.h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/collections/posts/records/" + s.post.Id,
				Headers: superuser(s), Body: map[string]any{"title": "Renamed"}})
		}, []string{"Renamed: behind"}},
		{"app.Save", func(s *cacheSite) *apitest.Response {
			rec, err := s.h.App.FindRecordById(vocab.Posts, s.post.Id)
			if err != nil {
				s.t.Fatal(err)
			}
			rec.Set("title", "Renamed")
			if err := s.h.App.Save(rec); err != nil {
				s.t.Fatal(err)
			}
			return nil
		}, []string{"Renamed: behind"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newCacheSite(t, apitest.Options{})
			s.want("first read", "First: one")
			// Raw SQL runs no hook and the clock stands still: the answer comes from memory.
			s.rawExcerpt(s.h.App.DB(), "behind")
			s.want("read from memory", "First: one")
			if res := c.write(s); res != nil && res.Status >= 300 {
				t.Fatalf("the write: %d %s", res.Status, res.Body)
			}
			s.want("read after the write", c.want...)
		})
	}
}

// Another process's commit, which runs no hook of this one, is seen at the first check of the
// generations after it: changes.CheckInterval at most.
func TestReadAfterAWriteByAnotherProcess(t *testing.T) {
	t.Parallel()
	s := newCacheSite(t, apitest.Options{})
	s.want("first read", "First: one")
	other, err := core.DefaultDBConnect(filepath.Join(s.h.App.DataDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	s.rawExcerpt(other, "elsewhere")
	s.h.Clock.Advance(changes.CheckInterval - time.Millisecond)
	s.want("before the check", "First: one")
	s.h.Clock.Advance(time.Millisecond)
	s.want("at the check", "First: elsewhere")
}

// A scheduled post shows in the cached list once the publish job has marked it, before the
// next check of the generations would have seen the job's write.
func TestScheduledPostShowsWhenTheJobMarksIt(t *testing.T) {
	t.Parallel()
	s := newCacheSite(t, apitest.Options{})
	s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Later", "excerpt": "soon", "visibility": "public",
		"published_at": apitest.Epoch.Add(100 * time.Millisecond)})
	s.want("before its time", "First: one")
	s.h.Clock.Advance(100 * time.Millisecond)
	if n, err := s.h.Publish.RunDue(); n != 1 || err != nil {
		t.Fatalf("the publish job announced %d (%v), want 1", n, err)
	}
	s.want("once the job has run", "First: one", "Later: soon")
}

// Every protection of a request still runs when its answer comes from memory: the HTTPS
// rule, the rate limit and its headers, the request id, the key and its scope and origin (the
// CORS headers are PocketBase's serve command's, which the harness does not run). A matching
// If-None-Match is answered 304 with no body.
func TestMemoryAnswersKeepTheProtections(t *testing.T) {
	t.Parallel()
	s := newCacheSite(t, apitest.Options{Config: zeroConfig})
	origins := []string{"https://site.example"}
	browser, _ := s.h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &origins})
	writeOnly, _ := s.h.CreateKey(keys.ScopeWrite)
	first := s.h.Serve(overTLS(s.h, s.key, "first", nil))
	wantStatus(t, first, http.StatusOK)
	etag := first.Header.Get("ETag")
	cases := []struct {
		name    string
		req     *http.Request
		status  int
		code    string // error.code; "" for the list's body, or none for a 304
		headers map[string]string
	}{
		{"a hit", overTLS(s.h, s.key, "hit", nil), 200, "", map[string]string{"ETag": etag, "Content-Length": strconv.Itoa(len(first.Body))}},
		{"a matching ETag", overTLS(s.h, s.key, "conditional", map[string]string{"If-None-Match": etag}), 304, "",
			map[string]string{"ETag": etag, "Content-Length": "", "Content-Type": ""}},
		{"another ETag", overTLS(s.h, s.key, "other", map[string]string{"If-None-Match": `"other"`}), 200, "", map[string]string{"ETag": etag}},
		{"no key", overTLS(s.h, "", "anonymous", nil), 401, "unauthorized", nil},
		{"a key without the read scope", overTLS(s.h, writeOnly, "scope", nil), 403, "insufficient_scope", nil},
		{"a browser key from another origin", overTLS(s.h, browser, "origin", map[string]string{"Origin": "https://evil.example"}), 403, "origin_not_allowed", nil},
		{"a browser key from its origin", overTLS(s.h, browser, "site", map[string]string{"Origin": "https://site.example"}), 200, "", nil},
		{"plain HTTP", plainHTTP(s.h, s.key), 403, "https_required", nil},
	}
	for i, c := range cases {
		res := s.h.Serve(c.req)
		if res.Status != c.status || res.ErrorCode() != c.code {
			t.Fatalf("%s: %d %s, want %d %s", c.name, res.Status, res.Body, c.status, c.code)
		}
		switch {
		case c.status == 200 && string(res.Body) != string(first.Body):
			t.Errorf("%s: body %s, want the first answer's %s", c.name, res.Body, first.Body)
		case c.status == 304 && len(res.Body) != 0:
			t.Errorf("%s: a body with the 304: %s", c.name, res.Body)
		}
		want := map[string]string{
			routes.HeaderRequestID:     c.req.Header.Get(routes.HeaderRequestID),
			routes.HeaderRateLimit:     "10",
			routes.HeaderRateRemaining: strconv.Itoa(8 - i),
			routes.HeaderRateReset:     strconv.FormatInt(apitest.Epoch.Add(time.Duration(i+2)*time.Second).Unix(), 10),
		}
		if c.status < 400 {
			want["Cache-Control"] = "public, max-age=0, s-maxage=60, must-revalidate"
			want["Vary"] = "Authorization, Origin"
		} else {
			want["Cache-Control"] = "no-store"
		}
		for k, v := range c.headers {
			want[k] = v
		}
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("%s: %s = %q, want %q", c.name, k, got, v)
			}
		}
	}
}

// overTLS is a GET of the cached list over HTTPS from the network, with the request id id
// and key (empty: none), and more headers.
func overTLS(h *apitest.Harness, key, id string, headers map[string]string) *http.Request {
	req := h.NewRequest(apitest.Request{Method: http.MethodGet, Path: cachedList, Headers: apitest.Bearer(key), RemoteAddr: "198.51.100.7:5000"})
	req.TLS = &tls.ConnectionState{}
	req.Header.Set(routes.HeaderRequestID, id)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return req
}

// plainHTTP is the cached list's GET over plain HTTP from the network.
func plainHTTP(h *apitest.Harness, key string) *http.Request {
	req := overTLS(h, key, "plain", nil)
	req.TLS = nil
	return req
}

// The reads answered from memory are the content reads of v1 and v2 and the webhook event
// catalogue; nothing that depends on the caller or the clock (the poll, the analytics) nor any
// owner route.
func TestMemoryRoutes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	var got []string
	for _, r := range h.API.Routes() {
		if r.Memory {
			got = append(got, r.Path)
		}
	}
	want := []string{
		"/api/v1/profile",
		"/api/v1/posts", "/api/v1/posts/{idOrSlug}", "/api/v1/projects", "/api/v1/projects/{idOrSlug}", "/api/v1/tags",
		"/api/v1/courses", "/api/v1/talks", "/api/v1/experience", "/api/v1/education", "/api/v1/skills", "/api/v1/certifications",
		"/api/v2/posts", "/api/v2/posts/{id}", "/api/v2/projects", "/api/v2/projects/{id}", "/api/v2/courses", "/api/v2/talks",
		"/api/v2/members",
		"/api/v1/webhooks/events",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Memory routes:\n%q\nwant\n%q", got, want)
	}
}
