package routes_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
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

	slugs := func(path string) []string {
		t.Helper()
		res := h.Get(path, key)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
		}
		body := res.JSON(t)
		items, _ := body["data"].([]any)
		if items == nil {
			items, _ = body["items"].([]any)
		}
		out := []string{}
		for _, it := range items {
			out = append(out, it.(map[string]any)["slug"].(string))
		}
		return out
	}
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
		if got := slugs(tc.path); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("GET %s: %v, want %v", tc.path, got, tc.want)
		}
	}

	for _, tc := range []struct{ path, param string }{
		{"/api/v2/posts?status=live", "status"},
		{"/api/v1/posts?tag=" + strings.Repeat("x", 101), "tag"},
		{"/api/v1/courses?sort=published_at", "sort"},
	} {
		res := h.Get(tc.path, key)
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `\"`+tc.param+`\"`) {
			t.Errorf("GET %s: %d %s, want 400 naming %s", tc.path, res.Status, res.Body, tc.param)
		}
	}

	// A cursor of tag=go is refused on tag=web.
	first := h.Get("/api/v1/posts?tag=go&limit=1", key).JSON(t)
	cur, _ := first["next_cursor"].(string)
	if cur == "" || first["total"] != float64(2) {
		t.Fatalf("first page: %v", first)
	}
	if res := h.Get("/api/v1/posts?tag=web&limit=1&cursor="+cur, key); res.Status != http.StatusBadRequest ||
		!strings.Contains(string(res.Body), `\"cursor\"`) {
		t.Errorf("cursor of another tag: %d %s", res.Status, res.Body)
	}
	if got := slugs("/api/v1/posts?tag=go&limit=1&cursor=" + cur); len(got) != 1 {
		t.Errorf("second page: %v", got)
	}

	wantTags := func(want []any) {
		t.Helper()
		if got := h.Get("/api/v1/tags", key).JSON(t)["data"]; !reflect.DeepEqual(got, want) {
			t.Errorf("tags %v, want %v", got, want)
		}
	}
	tag := func(name string, n float64) any { return map[string]any{"tag": name, "count": n} }
	wantTags([]any{tag("go", 2), tag("rust", 1), tag("web", 1)})
	if res := h.Get("/api/v1/posts/later", key); res.Status != http.StatusNotFound {
		t.Fatalf("scheduled post by slug: %d", res.Status)
	}

	h.Clock.Advance(10 * time.Minute)
	if _, err := h.Publish.RunDue(); err != nil {
		t.Fatal(err)
	}
	res := h.Get("/api/v1/posts/later", key)
	if res.Status != http.StatusOK || res.JSON(t)["data"].(map[string]any)["published_at"] != "2026-11-21 12:10:00.000Z" {
		t.Fatalf("post after its time: %d %s", res.Status, res.Body)
	}
	wantTags([]any{tag("go", 3), tag("rust", 1), tag("web", 1)})
	var n int
	if err := h.App.DB().NewQuery("SELECT COUNT(*) FROM webhook_events WHERE event = 'content.published'").Row(&n); err != nil || n != 1 {
		t.Fatalf("%d content.published events (%v), want 1", n, err)
	}
}
