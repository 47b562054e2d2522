package routes_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestRecordState: the owner's answers carry each record's state by vocab.State, on v2 lists
// and reads and on PocketBase's records API (where the console reads posts, projects and
// pages); a scheduled record's state turns published when the publish job marks it, and v1
// answers carry none.
func TestRecordState(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
	writer, _ := h.CreateKey(keys.ScopeWrite)
	bearer := apitest.Bearer(key)
	superuser := owner(h.SuperuserToken())
	later := apitest.Epoch.Add(10 * time.Minute)
	ids := map[string]string{}
	for _, p := range []struct {
		slug   string
		fields map[string]any
	}{
		{"wip", map[string]any{"draft": true, "visibility": "public"}},
		{"later", map[string]any{"visibility": "public", "published_at": later}},
		{"later-members", map[string]any{"visibility": "members", "published_at": later}},
		{"live", map[string]any{"visibility": "public"}},
		{"members", map[string]any{"visibility": "members"}},
		{"paid", map[string]any{"visibility": "paid"}},
		{"mine", map[string]any{"visibility": "private"}},
	} {
		p.fields["title"], p.fields["slug"] = p.slug, p.slug
		ids[p.slug] = h.SaveRecord(vocab.Posts, p.fields).Id
	}
	project := h.SaveRecord(vocab.Projects, map[string]any{"title": "P", "slug": "p", "visibility": "members"})
	page := h.SaveRecord(vocab.Pages, map[string]any{"title": "About", "slug": "about", "published_at": later})

	want := map[string]string{
		"wip": vocab.StateDraft, "later": vocab.StateScheduled, "later-members": vocab.StateScheduled,
		"live": vocab.StatePublished, "members": vocab.StateMembersOnly, "paid": vocab.StatePaid, "mine": vocab.StatePrivate,
	}
	check := func(name string, want map[string]string) {
		for slug, state := range want {
			apitest.Scenario{Name: name + ": v2 " + slug, Path: "/api/v2/posts/" + ids[slug], Headers: bearer,
				ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"slug": slug, "state": state}}.Test(t, h)
			apitest.Scenario{Name: name + ": records API " + slug, Path: "/api/collections/posts/records/" + ids[slug], Headers: superuser,
				ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"slug": slug, "state": state}}.Test(t, h)
		}
		apitest.Scenario{Name: name + ": v2 list", Path: "/api/v2/posts?sort=title&per_page=10", Headers: bearer, ExpectedStatus: http.StatusOK,
			After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				items := listOf(t, res, "items")
				if len(items) != len(want) {
					t.Fatalf("%d items, want %d", len(items), len(want))
				}
				for _, it := range items {
					if slug := it["slug"].(string); it["state"] != want[slug] {
						t.Errorf("%s: state %v, want %q", slug, it["state"], want[slug])
					}
				}
			}}.Test(t, h)
	}
	check("before", want)
	// v2's status filter selects by the same rule: each status lists the posts of its states.
	for status, slugs := range map[string][]string{
		vocab.StatusDraft:     {"wip"},
		vocab.StatusScheduled: {"later", "later-members"},
		vocab.StatusPublished: {"live", "members", "mine", "paid"},
	} {
		apitest.Scenario{Name: "status " + status, Path: "/api/v2/posts?sort=title&status=" + status, Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: listed("items", "slug", slugs...)}.Test(t, h)
	}

	for _, s := range []apitest.Scenario{
		{Name: "v2 project", Path: "/api/v2/projects/" + project.Id, Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"state": vocab.StateMembersOnly}},
		{Name: "v2 project list", Path: "/api/v2/projects", Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"items.0.state": vocab.StateMembersOnly}},
		{Name: "records API page list", Path: "/api/collections/pages/records", Headers: superuser,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"items.0.id": page.Id, "items.0.state": vocab.StateScheduled}},
		{Name: "v1 read has no state", Path: "/api/v1/posts/live", Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.slug": "live", "data.state": apitest.Absent}},
		{Name: "v1 list has no state", Path: "/api/v1/posts?limit=1", Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.0.state": apitest.Absent}},
		{Name: "v2 course has no state", Path: "/api/v2/courses", Headers: bearer,
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"items": []any{}}},
		{Name: "state is not writable", Method: http.MethodPatch, Path: "/api/v1/posts/" + ids["wip"],
			Headers: apitest.Bearer(writer), Body: map[string]any{"state": "published"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
	} {
		s.Test(t, h)
	}

	h.Clock.Advance(10 * time.Minute)
	if n, err := h.Publish.RunDue(); err != nil || n != 3 {
		t.Fatalf("publish job: %d announced, %v", n, err)
	}
	want["later"], want["later-members"] = vocab.StatePublished, vocab.StateMembersOnly
	check("after the publish job", want)
	apitest.Scenario{Name: "records API page after", Path: "/api/collections/pages/records/" + page.Id, Headers: superuser,
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"state": vocab.StatePublished}}.Test(t, h)
}
