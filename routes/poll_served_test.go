package routes_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestBrowserKeysPollServedContentOnly: a browser key, from its origin, polls the content events
// of records v1 served when the event fired (published, public, their time come); drafts,
// private and members-only records, scheduled ones before their time and pages (not read
// through v1) stay hidden. A server key polls every event. A scheduled post shows once its
// content.published fires.
func TestBrowserKeysPollServedContentOnly(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const origin = "https://site.example"
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &[]string{origin}})
	server, _ := h.CreateKey(keys.ScopeRead)
	asBrowser := map[string]string{"Authorization": "Bearer " + browser, "Origin": origin}

	post := func(title string, f map[string]any) string {
		fields := map[string]any{"title": title, "visibility": "public", "draft": false}
		for k, v := range f {
			fields[k] = v
		}
		return h.SaveRecord(vocab.Posts, fields).Id
	}
	public := post("Public", nil)
	project := h.SaveRecord(vocab.Projects, map[string]any{"title": "Project", "visibility": "public", "draft": false}).Id
	draft := post("Draft", map[string]any{"draft": true})
	private := post("Private", map[string]any{"visibility": "private"})
	members := post("Members", map[string]any{"visibility": "members"})
	scheduled := post("Scheduled", map[string]any{"published_at": apitest.Epoch.Add(time.Hour)})
	page := h.SaveRecord(vocab.Pages, map[string]any{"title": "Page", "visibility": "public", "draft": false}).Id

	ids := func(headers map[string]string, event string) []string {
		t.Helper()
		res := storyStep(t, h, apitest.Scenario{Path: "/api/v1/webhooks/poll/" + event + "?limit=100", Headers: headers, ExpectedStatus: http.StatusOK})
		var out []string
		for _, ev := range res.JSON(t)["data"].([]any) {
			out = append(out, ev.(map[string]any)["data"].(map[string]any)["id"].(string))
		}
		slices.Sort(out)
		return out
	}
	sorted := func(s ...string) []string { slices.Sort(s); return s }
	if got, want := ids(asBrowser, vocab.EventContentCreated), sorted(public, project); !slices.Equal(got, want) {
		t.Fatalf("browser key: created %v, want %v", got, want)
	}
	if got, want := ids(apitest.Bearer(server), vocab.EventContentCreated), sorted(public, project, draft, private, members, scheduled, page); !slices.Equal(got, want) {
		t.Fatalf("server key: created %v, want %v", got, want)
	}

	h.Clock.Advance(2 * time.Hour)
	if _, err := h.Publish.RunDue(); err != nil {
		t.Fatal(err)
	}
	if got := ids(asBrowser, vocab.EventContentPublished); !slices.Equal(got, []string{scheduled}) {
		t.Fatalf("browser key: published %v, want the scheduled post", got)
	}
	if got := ids(asBrowser, vocab.EventContentCreated); slices.Contains(got, scheduled) {
		t.Fatalf("browser key: the scheduled post's creation, made before its time, shows: %v", got)
	}
}
