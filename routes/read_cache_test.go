package routes_test

import (
	"crypto/tls"
	"maps"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
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

// again is the site as new, reporting to t: every post deleted and "First" saved again.
func (s *cacheSite) again(t *testing.T) *cacheSite {
	t.Helper()
	h := s.h.For(t)
	deletePosts(t, h)
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "First", "excerpt": "one", "visibility": "public"})
	return &cacheSite{t: t, h: h, key: s.key, post: post}
}

// titles reads the list and returns each post's "title: excerpt".
func (s *cacheSite) titles() []string {
	s.t.Helper()
	res := apitest.Scenario{Path: cachedList, Headers: apitest.Bearer(s.key), ExpectedStatus: http.StatusOK}.Check(s.t, s.h)
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

// TestReadCache runs on one site, made new for each: writes of this process, a commit of
// another process, a scheduled post going live, and the list of routes answered from memory.
func TestReadCache(t *testing.T) {
	t.Parallel()
	site := newCacheSite(t, apitest.Options{})
	t.Run("read after a write in this process", func(t *testing.T) { readAfterAWriteInThisProcess(t, site) })
	t.Run("read after a write by another process", func(t *testing.T) { readAfterAWriteByAnotherProcess(t, site.again(t)) })
	t.Run("scheduled post shows when the job marks it", func(t *testing.T) { scheduledPostShowsWhenTheJobMarksIt(t, site.again(t)) })
	t.Run("memory routes", func(t *testing.T) { memoryRoutes(t, site.h) })
}

// A read is answered from memory until this process commits a write to the content, by
// whatever path: the API, the records API (as the dashboard), Go code. The first read after
// the commit shows it.
func readAfterAWriteInThisProcess(t *testing.T, site *cacheSite) {
	// write is the write of a case: a call to the API, made and checked in the case's subtest.
	write := func(sc func(s *cacheSite) apitest.Scenario) func(s *cacheSite) {
		return func(s *cacheSite) { sc(s).Check(s.t, s.h) }
	}
	cases := []struct {
		name  string
		write func(s *cacheSite)
		want  []string
	}{
		{"v1 create", write(func(s *cacheSite) apitest.Scenario {
			return apitest.Scenario{Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(s.key),
				Body: map[string]any{"title": "Second", "excerpt": "two", "visibility": "public", "draft": false}, ExpectedStatus: http.StatusCreated}
		}), []string{"First: behind", "Second: two"}},
		{"v1 update", write(func(s *cacheSite) apitest.Scenario {
			return apitest.Scenario{Method: http.MethodPatch, Path: "/api/v1/posts/" + s.post.Id, Headers: apitest.Bearer(s.key),
				Body: map[string]any{"title": "Renamed"}, ExpectedStatus: http.StatusOK}
		}), []string{"Renamed: behind"}},
		{"v1 delete", write(func(s *cacheSite) apitest.Scenario {
			return apitest.Scenario{Method: http.MethodDelete, Path: "/api/v1/posts/" + s.post.Id, Headers: apitest.Bearer(s.key),
				ExpectedStatus: http.StatusNoContent}
		}), nil},
		{"records API, as the dashboard", write(func(s *cacheSite) apitest.Scenario {
			return apitest.Scenario{Method: http.MethodPatch, Path: "/api/collections/posts/records/" + s.post.Id,
				Headers: owner(s.h.SuperuserToken()), Body: map[string]any{"title": "Renamed"}, ExpectedStatus: http.StatusOK}
		}), []string{"Renamed: behind"}},
		{"app.Save", func(s *cacheSite) {
			rec, err := s.h.App.FindRecordById(vocab.Posts, s.post.Id)
			if err != nil {
				s.t.Fatal(err)
			}
			rec.Set("title", "Renamed")
			if err := s.h.App.Save(rec); err != nil {
				s.t.Fatal(err)
			}
		}, []string{"Renamed: behind"}},
	}
	// The cases share one harness, one after the other, each on the site as new.
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := site.again(t)
			s.want("first read", "First: one")
			// Raw SQL runs no hook and the clock stands still: the answer comes from memory.
			s.rawExcerpt(s.h.App.DB(), "behind")
			s.want("read from memory", "First: one")
			c.write(s)
			s.want("read after the write", c.want...)
		})
	}
}

// Another process's commit, which runs no hook of this one, is seen at the first check of the
// generations after it: changes.CheckInterval at most.
func readAfterAWriteByAnotherProcess(t *testing.T, s *cacheSite) {
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
func scheduledPostShowsWhenTheJobMarksIt(t *testing.T, s *cacheSite) {
	s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Later", "excerpt": "soon", "visibility": "public",
		"published_at": s.h.Clock.Now().Add(100 * time.Millisecond)})
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
	// Each call is a GET of the cached list from the network with the request id id, over
	// HTTPS unless plain.
	type call struct {
		name, key, id string
		headers       map[string]string // more request headers
		plain         bool
		status        int
		code          string            // error.code; "" for the list's body, or none for a 304
		want          map[string]string // more response headers
	}
	scenario := func(i int, c call) apitest.Scenario {
		sc := apitest.Scenario{Name: c.name, Path: cachedList, Headers: maps.Clone(c.headers), RemoteAddr: "198.51.100.7:5000",
			ExpectedStatus: c.status, ExpectedCode: c.code,
			Request: func(r *http.Request) {
				if !c.plain {
					r.TLS = &tls.ConnectionState{}
				}
				r.Header.Set(routes.HeaderRequestID, c.id)
			},
			ExpectedHeaders: map[string]string{
				routes.HeaderRequestID:     c.id,
				routes.HeaderRateLimit:     "10",
				routes.HeaderRateRemaining: strconv.Itoa(9 - i),
				routes.HeaderRateReset:     strconv.FormatInt(apitest.Epoch.Add(time.Duration(i+1)*time.Second).Unix(), 10),
				"Cache-Control":            "no-store",
			}}
		if c.key != "" {
			sc.Headers = with(c.headers, "Authorization", "Bearer "+c.key)
		}
		if c.status < 400 {
			sc.ExpectedHeaders["Cache-Control"] = "public, max-age=0, s-maxage=60, must-revalidate"
			sc.ExpectedHeaders["Vary"] = "Authorization, Origin, X-Member-Token"
		}
		maps.Copy(sc.ExpectedHeaders, c.want)
		return sc
	}
	first := scenario(0, call{name: "first", key: s.key, id: "first", status: 200}).Test(t, s.h)
	etag := first.Header.Get("ETag")
	for i, c := range []call{
		{name: "a hit", key: s.key, id: "hit", status: 200, want: map[string]string{"ETag": etag, "Content-Length": strconv.Itoa(len(first.Body))}},
		{name: "a matching ETag", key: s.key, id: "conditional", headers: map[string]string{"If-None-Match": etag}, status: 304,
			want: map[string]string{"ETag": etag, "Content-Length": "", "Content-Type": ""}},
		{name: "another ETag", key: s.key, id: "other", headers: map[string]string{"If-None-Match": `"other"`}, status: 200, want: map[string]string{"ETag": etag}},
		{name: "no key", id: "anonymous", status: 401, code: "unauthorized"},
		{name: "a key without the read scope", key: writeOnly, id: "scope", status: 403, code: "insufficient_scope"},
		{name: "a browser key from another origin", key: browser, id: "origin", headers: map[string]string{"Origin": "https://evil.example"}, status: 403, code: "origin_not_allowed"},
		{name: "a browser key from its origin", key: browser, id: "site", headers: map[string]string{"Origin": "https://site.example"}, status: 200},
		{name: "plain HTTP", key: s.key, id: "plain", plain: true, status: 403, code: "https_required"},
	} {
		sc := scenario(i+1, c)
		if c.status == http.StatusOK {
			sc.After = bodyIs(string(first.Body)) // the first answer's
		}
		sc.Test(t, s.h)
	}
}

// The reads answered from memory are the content reads of v1 and v2 and the webhook event
// catalogue; nothing that depends on the caller or the clock (the poll, the analytics) nor any
// owner route.
func memoryRoutes(t *testing.T, h *apitest.Harness) {
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
