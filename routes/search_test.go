package routes_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
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

func TestSearchLists(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	ids := seedSearch(t, h)
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
		t.Run(c.list+"?q="+c.q, func(t *testing.T) {
			res := h.Get("/api/"+c.list+"?"+url.Values{"q": {c.q}}.Encode(), key)
			wantStatus(t, res, http.StatusOK)
			items, total := "data", "total"
			if strings.HasPrefix(c.list, "v2/") {
				items, total = "items", "total_items"
			}
			want := []string{}
			for _, label := range c.want {
				want = append(want, ids[label])
			}
			got := idsOf(listOf(t, res, items))
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("got %v, want %v (%v)", got, want, c.want)
			}
			if n := res.JSON(t)[total]; n != float64(len(want)) {
				t.Fatalf("%s %v, want %d", total, n, len(want))
			}
		})
	}
}

func TestSearchBounds(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	ids := seedSearch(t, h)
	for _, list := range []string{"v1/posts", "v2/posts", "v1/courses", "v2/talks"} {
		res := h.Get("/api/"+list+"?"+url.Values{"q": {strings.Repeat("é", 201)}}.Encode(), key)
		wantInvalid(t, res, "q")
		res = h.Get("/api/"+list+"?"+url.Values{"q": {strings.Repeat("é", 200)}}.Encode(), key)
		wantStatus(t, res, http.StatusOK)
	}
	// A record's id is not text of it.
	res := h.Get("/api/v2/posts?q="+ids["routers"], key)
	if items := listOf(t, res, "items"); len(items) != 0 {
		t.Fatalf("searching an id found %v", idsOf(items))
	}
	// members have no search: q is an unknown parameter there.
	res = h.Get("/api/v2/members?q=nobody", key)
	wantStatus(t, res, http.StatusOK)
}

func TestSearchCursorBoundToQ(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	ids := seedSearch(t, h)
	first := h.Get("/api/v1/posts?q=go&sort=title&limit=1", key)
	wantStatus(t, first, http.StatusOK)
	body := first.JSON(t)
	next, _ := body["next_cursor"].(string)
	if got := idsOf(listOf(t, first, "data")); !slices.Equal(got, []string{ids["modules"]}) || next == "" || body["total"] != float64(2) {
		t.Fatalf("first page %s", first.Body)
	}
	res := h.Get("/api/v1/posts?q=go&sort=title&limit=1&cursor="+url.QueryEscape(next), key)
	wantStatus(t, res, http.StatusOK)
	if got := idsOf(listOf(t, res, "data")); !slices.Equal(got, []string{ids["routers"]}) || res.JSON(t)["next_cursor"] != nil {
		t.Fatalf("second page %s", res.Body)
	}
	for _, other := range []string{"q=rust&", "q=Go&", ""} {
		res := h.Get("/api/v1/posts?"+other+"sort=title&limit=1&cursor="+url.QueryEscape(next), key)
		wantInvalid(t, res, "cursor")
	}
}

func TestSearchFollowsWrites(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	ids := seedSearch(t, h)
	search := func(q string) []string {
		t.Helper()
		got := idsOf(listOf(t, h.Get("/api/v2/posts?q="+q, key), "items"))
		slices.Sort(got)
		return got
	}
	rec, err := h.App.FindRecordById(vocab.Posts, ids["routers"])
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("title", "Python routers")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if got := search("python"); !slices.Equal(got, []string{ids["routers"]}) {
		t.Fatalf("after update: python finds %v", got)
	}
	if got := search("go+routers"); len(got) != 0 {
		t.Fatalf("after update: the old title finds %v", got)
	}
	if err := h.App.Delete(rec); err != nil {
		t.Fatal(err)
	}
	if got := search("python"); len(got) != 0 {
		t.Fatalf("after delete: python finds %v", got)
	}
}
