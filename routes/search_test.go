package routes_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// seedSearch saves the records of the search tests and returns their ids by label.
func seedSearch(t testing.TB, h *apitest.Harness) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for label, f := range map[string]map[string]any{
		"routers": {"title": "Go routers", "content": "<p>Fast <b>HTTP</b> rout<i>ing</i> &amp; more</p>", "tags": []string{"golang"}},
		"modules": {"title": "Go modules", "excerpt": "Versions"},
		"cafe":    {"title": "Café culture", "excerpt": "Coffee (and more)", "tags": []string{"travel"}},
		"draft":   {"title": "Rust and Go", "draft": true},
		"script":  {"title": "Scripts", "content": "<script>var secretword = 1</script><style>p{}</style><p>visible</p>"},
	} {
		f["visibility"] = "public"
		ids[label] = h.SaveRecord(vocab.Posts, f).Id
	}
	ids["course"] = h.SaveRecord(vocab.Courses, map[string]any{"title": "SQLite full-text", "currency": "usd",
		"description": "<h1>Indexes</h1><p>NEAR queries</p>"}).Id
	ids["talk"] = h.SaveRecord(vocab.Talks, map[string]any{"title": "NEAR AND OR", "description": "<p>Operators</p>"}).Id
	return ids
}

// TestSearch runs the search tests on one set of records, in order: the reads first, then the
// writes that change what they find, then searches held waiting for a turn.
func TestSearch(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	ids := seedSearch(t, h)
	t.Run("lists", func(t *testing.T) { searchLists(t, h, key, ids) })
	t.Run("bounds", func(t *testing.T) { searchBounds(t, h, key, ids) })
	t.Run("cursor bound to q", func(t *testing.T) { searchCursorBoundToQ(t, h, key, ids) })
	t.Run("follows writes", func(t *testing.T) { searchFollowsWrites(t, h, key, ids) })
	t.Run("searches wait for a turn", func(t *testing.T) { searchesWaitForATurn(t, h, key) })
}

func searchLists(t *testing.T, h *apitest.Harness, key string, ids map[string]string) {
	cases := []struct {
		list, q string
		want    []string // labels
	}{
		{"v1/posts", "go", []string{"routers", "modules"}},
		{"v2/posts", "go", []string{"routers", "modules", "draft"}},
		{"v1/posts", "GO", []string{"routers", "modules"}},
		{"v1/posts", "rou", []string{"routers"}},            // the last word is a prefix
		{"v1/posts", "rou go", nil},                         // the others are not
		{"v1/posts", "go rou", []string{"routers"}},         // every word is required
		{"v1/posts", "cafe", []string{"cafe"}},              // accents are ignored
		{"v1/posts", "CAFÉ COFFEE", []string{"cafe"}},       // in title and excerpt together
		{"v1/posts", "golang", []string{"routers"}},         // tags
		{"v1/posts", "routing", nil},                        // tags split words: rout<i>ing</i>
		{"v1/posts", "http fast", []string{"routers"}},      // HTML is searched as its text
		{"v1/posts", "amp", nil},                            // entities are decoded
		{"v1/posts", "secretword", nil},                     // script is not text
		{"v1/posts", "visible", []string{"script"}},         // ... the rest of its content is
		{"v1/posts", `title:go`, nil},                       // a column filter is two words
		{"v1/posts", `"go`, []string{"routers", "modules"}}, // quotes are separators
		{"v1/posts", `go*`, []string{"routers", "modules"}},
		{"v1/posts", `(go) AND -modules`, nil},     // operators are words
		{"v1/posts", "!!!", nil},                   // no word: nothing matches
		{"v1/posts", "more and", []string{"cafe"}}, // "and" is a word, as prefix "and…"
		{"v1/courses", "sqlite full", []string{"course"}},
		{"v2/courses", "indexes near", []string{"course"}},
		{"v1/talks", "near and or", []string{"talk"}},
		{"v2/talks", "NEAR(", []string{"talk"}},
		{"v1/talks", "sqlite", nil}, // another collection's words
		{"v2/projects", "go", nil},
	}
	for _, c := range cases {
		items, total := "data", "total"
		if strings.HasPrefix(c.list, "v2/") {
			items, total = "items", "total_items"
		}
		var want []string
		for _, label := range c.want {
			want = append(want, ids[label])
		}
		apitest.Scenario{Name: c.list + "?q=" + c.q, Path: "/api/" + c.list + "?" + url.Values{"q": {c.q}}.Encode(),
			Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{total: len(want)},
			After: holdsIDs(items, want...)}.Test(t, h)
	}
}

func searchBounds(t *testing.T, h *apitest.Harness, key string, ids map[string]string) {
	for _, list := range []string{"v1/posts", "v2/posts", "v1/courses", "v2/talks"} {
		invalidParam(apitest.Scenario{Name: list + " q too long", Path: "/api/" + list + "?" + url.Values{"q": {strings.Repeat("é", 201)}}.Encode(),
			Headers: apitest.Bearer(key)}, "q").Test(t, h)
		apitest.Scenario{Name: list + " q as long as may be", Path: "/api/" + list + "?" + url.Values{"q": {strings.Repeat("é", 200)}}.Encode(),
			Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK}.Test(t, h)
	}
	// A record's id is not text of it.
	apitest.Scenario{Name: "an id", Path: "/api/v2/posts?q=" + ids["routers"], Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"items": []any{}}}.Test(t, h)
	// members have no search: q is an unknown parameter there.
	apitest.Scenario{Name: "members", Path: "/api/v2/members?q=nobody", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK}.Test(t, h)
}

func searchCursorBoundToQ(t *testing.T, h *apitest.Harness, key string, ids map[string]string) {
	firstPage := listed("data", "id", ids["modules"])
	firstPage["total"] = 2
	first := apitest.Scenario{Name: "first page", Path: "/api/v1/posts?q=go&sort=title&limit=1", Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusOK, ExpectedJSON: firstPage}.Test(t, h)
	next, _ := first.JSON(t)["next_cursor"].(string)
	if next == "" {
		t.Fatalf("no next_cursor: %s", first.Body)
	}
	secondPage := listed("data", "id", ids["routers"])
	secondPage["next_cursor"] = apitest.Absent
	apitest.Scenario{Name: "second page", Path: "/api/v1/posts?q=go&sort=title&limit=1&cursor=" + url.QueryEscape(next),
		Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK, ExpectedJSON: secondPage}.Test(t, h)
	for _, other := range []string{"q=rust&", "q=Go&", ""} {
		invalidParam(apitest.Scenario{Name: "cursor with " + other, Path: "/api/v1/posts?" + other + "sort=title&limit=1&cursor=" + url.QueryEscape(next),
			Headers: apitest.Bearer(key)}, "cursor").Test(t, h)
	}
}

func searchFollowsWrites(t *testing.T, h *apitest.Harness, key string, ids map[string]string) {
	search := func(name, q string, want ...string) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: "/api/v2/posts?q=" + q, Headers: apitest.Bearer(key),
			ExpectedStatus: http.StatusOK, After: holdsIDs("items", want...)}
	}
	rec, err := h.App.FindRecordById(vocab.Posts, ids["routers"])
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("title", "Python routers")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	search("after update, the new title", "python", ids["routers"]).Test(t, h)
	search("after update, the old title", "go+routers").Test(t, h)
	if err := h.App.Delete(rec); err != nil {
		t.Fatal(err)
	}
	search("after delete", "python").Test(t, h)
}
