package routes_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestScheduledPostsAndTags covers published_at, status, the published_at sorts, tag and
// GET /api/v1/tags on one set of posts, then the scheduled post going live.
func TestScheduledPostsAndTags(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
	post := func(slug string, fields map[string]any) {
		fields["title"], fields["slug"], fields["visibility"] = slug, slug, "public"
		h.SaveRecord(vocab.Posts, fields)
	}
	post("old", map[string]any{"tags": []string{"Go", "web"}, "published_at": apitest.Epoch.Add(-48 * time.Hour)})
	post("now", map[string]any{"tags": []string{"rust", "GO", "go"}})
	post("later", map[string]any{"tags": []string{"go"}, "published_at": apitest.Epoch.Add(10 * time.Minute)})
	post("wip", map[string]any{"tags": []string{"go"}, "draft": true})
	h.SaveRecord(vocab.Courses, map[string]any{"title": "C", "currency": "usd"})

	bearer := apitest.Bearer(key)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"/api/v1/posts?sort=published_at", []string{"old", "now"}},
		{"/api/v1/posts?sort=-published_at&tag=GO", []string{"now", "old"}},
		{"/api/v1/posts?tag=web", []string{"old"}},
		{"/api/v1/posts?tag=g", []string{}},
		{"/api/v2/posts?status=scheduled", []string{"later"}},
		{"/api/v2/posts?status=draft&tag=go", []string{"wip"}},
		{"/api/v2/posts?status=published&sort=published_at", []string{"old", "now"}},
	} {
		list := "data"
		if strings.HasPrefix(tc.path, "/api/v2/") {
			list = "items"
		}
		apitest.Scenario{Path: tc.path, Headers: bearer, ExpectedStatus: http.StatusOK, ExpectedJSON: listed(list, "slug", tc.want...)}.Test(t, h)
	}
	for _, tc := range []struct{ path, param string }{
		{"/api/v2/posts?status=live", "status"},
		{"/api/v1/posts?tag=" + strings.Repeat("x", 101), "tag"},
		{"/api/v1/courses?sort=published_at", "sort"},
	} {
		invalidParam(apitest.Scenario{Path: tc.path, Headers: bearer}, tc.param).Test(t, h)
	}

	// A cursor of tag=go is refused on tag=web.
	first := apitest.Scenario{Name: "first page of tag=go", Path: "/api/v1/posts?tag=go&limit=1", Headers: bearer,
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"total": 2}}.Test(t, h)
	cur, _ := first.JSON(t)["next_cursor"].(string)
	if cur == "" {
		t.Fatalf("first page: %s", first.Body)
	}
	invalidParam(apitest.Scenario{Name: "cursor of another tag", Path: "/api/v1/posts?tag=web&limit=1&cursor=" + cur, Headers: bearer}, "cursor").Test(t, h)
	apitest.Scenario{Name: "second page of tag=go", Path: "/api/v1/posts?tag=go&limit=1&cursor=" + cur, Headers: bearer,
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.1": apitest.Absent},
		After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
			if items := listOf(t, res, "data"); len(items) != 1 {
				t.Errorf("%d posts, want 1", len(items))
			}
		}}.Test(t, h)

	tags := func(name string, want ...any) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: "/api/v1/tags", Headers: bearer, ExpectedStatus: http.StatusOK,
			ExpectedJSON: map[string]any{"data": want}}
	}
	tag := func(name string, n int) any { return map[string]any{"tag": name, "count": n} }
	tags("tags before", tag("go", 2), tag("rust", 1), tag("web", 1)).Test(t, h)
	apitest.Scenario{Name: "scheduled post by slug", Path: "/api/v1/posts/later", Headers: bearer,
		ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}.Test(t, h)

	h.Clock.Advance(10 * time.Minute)
	if _, err := h.Publish.RunDue(); err != nil {
		t.Fatal(err)
	}
	apitest.Scenario{Name: "post after its time", Path: "/api/v1/posts/later", Headers: bearer, ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"data.published_at": "2026-11-21 12:10:00.000Z"}}.Test(t, h)
	tags("tags after", tag("go", 3), tag("rust", 1), tag("web", 1)).Test(t, h)
	var n int
	if err := h.App.DB().NewQuery("SELECT COUNT(*) FROM webhook_events WHERE event = 'content.published'").Row(&n); err != nil || n != 1 {
		t.Fatalf("%d content.published events (%v), want 1", n, err)
	}
}
