package seed_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/content/seed"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func count(t *testing.T, app core.App, collection, filter string) int {
	t.Helper()
	recs, err := app.FindRecordsByFilter(collection, filter, "", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

func TestDemo(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	counts, err := seed.Demo(h.App, apitest.Epoch, false)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		filter string
		n      int
	}{
		vocab.Profile:        {"", 1},
		vocab.Posts:          {"", 13},
		vocab.Projects:       {"", 4},
		vocab.Courses:        {"", 3},
		vocab.Lessons:        {"", 9},
		vocab.Talks:          {"", 4},
		vocab.Experience:     {"", 3},
		vocab.Education:      {"", 2},
		vocab.Skills:         {"", 8},
		vocab.Certifications: {"", 2},
		vocab.Members:        {"", 6},
		vocab.Testimonials:   {"", 3},
		vocab.Purchases:      {"", 10},
		vocab.Enrollments:    {"", 8},
	}
	for c, w := range want {
		if got := count(t, h.App, c, w.filter); got != w.n || counts[c] != w.n {
			t.Errorf("%s: %d records (reported %d), want %d", c, got, counts[c], w.n)
		}
	}
	for filter, n := range map[string]int{"draft = true": 1, "visibility = 'members'": 1, "visibility = 'private'": 1, "slug = ''": 0} {
		if got := count(t, h.App, vocab.Posts, filter); got != n {
			t.Errorf("posts with %s: %d, want %d", filter, got, n)
		}
	}
	// 30 days of page views, none in the future.
	from := apitest.Epoch.AddDate(0, 0, -29).Format(time.DateOnly)
	if got := count(t, h.App, vocab.PageViews, "created < '"+from+"' || created > '"+apitest.Epoch.Format("2006-01-02 15:04:05.000Z")+"'"); got != 0 {
		t.Errorf("%d page views outside the 30 days", got)
	}
	if got := count(t, h.App, vocab.PageViews, ""); got < 30*20 {
		t.Errorf("%d page views", got)
	}

	// The API serves it: a v1 post list, a profile, and pro analytics with sales.
	key, _ := h.CreateKey(keys.ScopeRead)
	res := h.Get("/api/v1/posts", key) // 9 public posts and the members one, listed cut
	if res.Status != 200 || res.JSON(t)["total"] != 10.0 {
		t.Fatalf("posts: %d %s", res.Status, res.Body)
	}
	if res := h.Get("/api/v1/profile", key); res.Status != 200 {
		t.Fatalf("profile: %d %s", res.Status, res.Body)
	}

	// Once is enough, unless forced.
	if _, err := seed.Demo(h.App, apitest.Epoch, false); !errors.Is(err, seed.ErrNotEmpty) {
		t.Fatalf("second run: %v, want ErrNotEmpty", err)
	}
	if got := count(t, h.App, vocab.Posts, ""); got != 13 {
		t.Fatalf("a refused run wrote posts: %d", got)
	}
	// Forced, through the command (with bulk posts on top): the demo again, without a second
	// profile or the members already there; the new posts get slugs of their own.
	out, err := apitest.RunCommand(seed.NewCommand(h.App), "--force", "--posts", "2")
	if err != nil || !strings.Contains(out, "Seeded the demo site") || !strings.Contains(out, " 2 more") {
		t.Fatalf("forced run: %v\n%s", err, out)
	}
	for c, n := range map[string]int{vocab.Posts: 13 + 13 + 2, vocab.Members: 6, vocab.Profile: 1} {
		if got := count(t, h.App, c, ""); got != n {
			t.Errorf("%s after the forced run: %d, want %d", c, got, n)
		}
	}
	if got := count(t, h.App, vocab.Posts, "slug ~ 'keyset-pagination-in-sqlite%'"); got != 2 {
		t.Fatalf("%d keyset posts after the forced run", got)
	}
}

// TestPosts seeds 101 posts in two runs: one more than a page of the largest limit (100),
// which is all the bulk insert's size matters for here (`seed --posts 10000` is the
// benchmarks'). The small run goes first: each run rebuilds the search index of every post,
// so the second run re-indexes the first one's post too, and the rebuilds stay 1 + 101 rows.
func TestPosts(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	if err := seed.Posts(h.App, 1); err != nil {
		t.Fatal(err)
	}
	if err := seed.Posts(h.App, 100); err != nil {
		t.Fatal(err)
	}
	key, _ := h.CreateKey(keys.ScopeRead)
	res := h.Get("/api/v1/posts?limit=100&sort=title", key)
	if res.Status != 200 || res.JSON(t)["total"] != 101.0 || len(res.JSON(t)["data"].([]any)) != 100 {
		t.Fatalf("%d %.300s", res.Status, res.Body)
	}
	// The bulk insert bypasses the record hooks; the search index must hold the rows anyway.
	if res := h.Get("/api/v1/posts?limit=1&q=benchmark", key); res.Status != 200 || res.JSON(t)["total"] != 101.0 {
		t.Fatalf("search after a bulk seed: %d %.300s", res.Status, res.Body)
	}
	var slugs []struct {
		Slug string `db:"slug"`
	}
	if err := h.App.DB().NewQuery("SELECT DISTINCT slug FROM posts").All(&slugs); err != nil || len(slugs) != 101 {
		t.Fatalf("%d distinct slugs, %v", len(slugs), err)
	}
}

// TestCommand: the command refuses bad input and a site with content (without --force) with
// a sentence that says what to do, writing nothing. (Its runs that seed are TestDemo's.)
func TestCommand(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	run := func(args ...string) (string, error) {
		return apitest.RunCommand(seed.NewCommand(h.App), args...)
	}
	if _, err := run("--posts", "-1"); err == nil || !strings.Contains(err.Error(), "--posts must be 0 or more") {
		t.Fatalf("negative --posts: %v", err)
	}
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Mine", "visibility": "public"})
	if _, err := run("--posts", "5"); !errors.Is(err, seed.ErrNotEmpty) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("run on a site with content: %v", err)
	}
	if got := count(t, h.App, vocab.Posts, ""); got != 1 {
		t.Fatalf("a refused run wrote posts: %d", got)
	}
}
