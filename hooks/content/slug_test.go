package content_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/creator-content-api/server/apitest/fixture"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// required are the fields each slugged collection needs besides a title.
var required = map[string]map[string]any{
	vocab.Posts:    {"visibility": "public"},
	vocab.Projects: {"visibility": "public"},
	vocab.Pages:    {},
	vocab.Courses:  {"currency": "usd"},
}

// slugFields are the fields of a record of collection with title, slug and what else it needs.
func slugFields(collection, title, slug string) map[string]any {
	fields := map[string]any{"title": title, "slug": slug}
	for k, v := range required[collection] {
		fields[k] = v
	}
	return fields
}

// draft is a record of collection with title and slug, not saved.
func draft(t testing.TB, app core.App, collection, title, slug string) *core.Record {
	t.Helper()
	col, err := app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Load(slugFields(collection, title, slug))
	return rec
}

func save(t testing.TB, app core.App, collection, title, slug string) *core.Record {
	t.Helper()
	return fixture.CreateRecord(t, app, collection, slugFields(collection, title, slug))
}

func TestSlugFromTitle(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	for collection := range required {
		t.Run(collection, func(t *testing.T) {
			cases := []struct{ title, want string }{
				{"Hello, World!", "hello-world"},
				{"Hello World", "hello-world-2"},
				{"hello   world", "hello-world-3"},
				{"Привет мир", "privet-mir"},
				{"東京", "dong-jing"},
				{"Crème brûlée", "creme-brulee"},
				{"Über Straße", "uber-strasse"},
				{"C++ & Go_lang", "c-and-go-lang"},
				{"🎉🎉", "untitled"},
				{"!!!", "untitled-2"},
				{"Version 2", "version-2"},
				{"Version", "version"},
				{"Version", "version-3"}, // version-2 is taken by "Version 2"
			}
			for _, c := range cases {
				if got := save(t, h.App, collection, c.title, "").GetString("slug"); got != c.want {
					t.Errorf("%q: slug %q, want %q", c.title, got, c.want)
				}
			}
		})
	}
}

func TestSlugLongTitle(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	title := strings.Repeat("abcdefghi ", 30) // 300 characters
	var slugs []string
	for range 3 {
		slugs = append(slugs, save(t, h.App, vocab.Posts, title, "").GetString("slug"))
	}
	for i, s := range slugs {
		if len(s) > 200 || strings.HasSuffix(s, "-") || !strings.HasPrefix(s, "abcdefghi-abcdefghi") {
			t.Fatalf("slug %q (%d bytes)", s, len(s))
		}
		if i > 0 && s != slugs[0]+fmt.Sprintf("-%d", i+1) {
			t.Fatalf("slug %d = %q, want %q-%d", i, s, slugs[0], i+1)
		}
	}
}

func TestGivenSlugs(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	if got := save(t, h.App, vocab.Posts, "Title", "my-slug").GetString("slug"); got != "my-slug" {
		t.Fatalf("given slug changed to %q", got)
	}
	for _, bad := range []string{"my-slug", "Not-Lower", "double--hyphen", "-leading", "ünï"} {
		err := h.App.Save(draft(t, h.App, vocab.Posts, "Title", bad))
		var verrs validation.Errors
		if !errors.As(err, &verrs) || verrs["slug"] == nil {
			t.Fatalf("slug %q: %v, want a validation error on slug", bad, err)
		}
	}
	// Another collection may use the same slug.
	if got := save(t, h.App, vocab.Projects, "Title", "my-slug").GetString("slug"); got != "my-slug" {
		t.Fatalf("project slug %q", got)
	}
}

func TestSlugOnUpdate(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	rec := save(t, h.App, vocab.Courses, "Go Basics", "")
	save(t, h.App, vocab.Courses, "Go Advanced", "")

	// A new title keeps the slug, so links stay valid.
	rec.Set("title", "Go Advanced")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.GetString("slug"); got != "go-basics" {
		t.Fatalf("slug after a new title %q", got)
	}
	// An emptied slug is made again from the title, unique among the others.
	rec.Set("slug", "")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.GetString("slug"); got != "go-advanced-2" {
		t.Fatalf("regenerated slug %q", got)
	}
	// Its own slug does not count as taken.
	rec.Set("slug", "")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.GetString("slug"); got != "go-advanced-2" {
		t.Fatalf("slug made again %q", got)
	}
}

// TestSlugFromDashboard creates a record the way the dashboard does: PocketBase's records API
// with the owner's token.
func TestSlugFromDashboard(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.SuperuserToken()
	save(t, h.App, vocab.Pages, "About me", "")
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/collections/pages/records",
		Headers: map[string]string{"Authorization": token}, Body: map[string]any{"title": "About me"}})
	if res.Status != http.StatusOK {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	if got := res.JSON(t)["slug"]; got != "about-me-2" {
		t.Fatalf("slug %v", got)
	}
}

// TestSlugsUnderConcurrency saves records with the same title from many goroutines: each gets
// its own slug, none fails.
func TestSlugsUnderConcurrency(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const n = 12
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		rec := draft(t, h.App, vocab.Posts, "Race", "")
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- h.App.Save(rec)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	recs, err := h.App.FindAllRecords(vocab.Posts)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.GetString("slug")] = true
	}
	if len(seen) != n || !seen["race"] || !seen[fmt.Sprintf("race-%d", n)] {
		t.Fatalf("slugs %v", seen)
	}
}

// TestWebhookEventsCarryGeneratedSlugs checks the order of the execute hooks: the slug is
// filled in before the outbox writes content.created, so the event names the final slug.
func TestWebhookEventsCarryGeneratedSlugs(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	post := save(t, h.App, vocab.Posts, "Привет мир", "")
	events, err := h.App.FindAllRecords(vocab.WebhookEvents)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		if ev.GetString("event") == "content.created" && strings.Contains(ev.GetString("data"), post.Id) {
			if !strings.Contains(ev.GetString("data"), `"slug":"privet-mir"`) {
				t.Fatalf("event data %s", ev.GetString("data"))
			}
			return
		}
	}
	t.Fatalf("no content.created event for the post among %d events", len(events))
}
