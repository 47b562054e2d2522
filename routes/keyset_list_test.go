package routes_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

var allSorts = []string{"created", "-created", "updated", "-updated", "title", "-title"}

// tiedPost saves a published public post that ties with every other tied post on every sort:
// the same title, created and updated.
func tiedPost(t testing.TB, h *apitest.Harness) string {
	t.Helper()
	return h.SaveRecord(vocab.Posts, map[string]any{
		"title": "Same title", "visibility": "public", "created": sameInstant, "updated": sameInstant,
	}).Id
}

// cursorPage is one page of a v1 cursor list.
type cursorPage struct {
	ids     []string
	total   float64
	page    float64
	perPage float64
	next    string
	hasNext bool
}

func getCursorPage(t testing.TB, h *apitest.Harness, key, path string, q url.Values) cursorPage {
	t.Helper()
	res := h.Get(path+"?"+q.Encode(), key)
	wantStatus(t, res, http.StatusOK)
	body := res.JSON(t)
	p := cursorPage{ids: idsOf(listOf(t, res, "data")), total: body["total"].(float64), page: body["page"].(float64), perPage: body["per_page"].(float64)}
	p.next, p.hasNext = body["next_cursor"].(string)
	if p.hasNext && p.next == "" {
		t.Fatalf("empty next_cursor: %s", res.Body)
	}
	return p
}

// walk follows next_cursor from the first page to the last and returns every id in order;
// between pages it calls between (nil: nothing).
func walk(t testing.TB, h *apitest.Harness, key, path, sort string, limit int, between func()) []string {
	t.Helper()
	q := url.Values{"sort": {sort}, "limit": {fmt.Sprint(limit)}}
	var ids []string
	for page := 1; ; page++ {
		p := getCursorPage(t, h, key, path, q)
		if int(p.page) != page || int(p.perPage) != limit {
			t.Fatalf("page %v per_page %v, want %d and %d", p.page, p.perPage, page, limit)
		}
		if len(p.ids) > limit || (p.hasNext && len(p.ids) != limit) {
			t.Fatalf("page %d has %d rows (limit %d, next %v)", page, len(p.ids), limit, p.hasNext)
		}
		ids = append(ids, p.ids...)
		if !p.hasNext {
			return ids
		}
		if page > 1000 {
			t.Fatal("the walk does not end")
		}
		q.Set("cursor", p.next)
		if between != nil {
			between()
		}
	}
}

// inOrder sorts ids as a list of tied rows is ordered: by id, in the sort's direction.
func inOrder(ids []string, sort string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	if strings.HasPrefix(sort, "-") {
		slices.Reverse(out)
	}
	return out
}

// tiedRows is how many posts tie on every sort in cursorWalkWithTies: pages of 1, and of
// 7 and 20 rows with a short last page, and one page of 100.
const tiedRows = 25

// TestCursorWalks runs the cursor walks on one harness, one group after the other: over posts
// that tie on every sort, over talks whose values tie in groups, and over posts that come and
// go between the pages (which deletes the tied posts first).
func TestCursorWalks(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	t.Run("with ties", func(t *testing.T) { cursorWalkWithTies(t, h, key) })
	t.Run("by value then id", func(t *testing.T) { cursorWalkOrdersByValueThenID(t, h, key) })
	t.Run("while rows change", func(t *testing.T) { cursorWalkWhileRowsChange(t, h, key) })
}

func cursorWalkWithTies(t *testing.T, h *apitest.Harness, key string) {
	h = h.For(t)
	var ids []string
	for range tiedRows {
		ids = append(ids, tiedPost(t, h))
	}
	// Tied records that v1 must not show (members records are listed: member_access_test.go).
	for _, f := range []map[string]any{{"draft": true, "visibility": "public"}, {"visibility": "private"}} {
		f["title"], f["created"], f["updated"] = "Same title", sameInstant, sameInstant
		h.SaveRecord(vocab.Posts, f)
	}
	for _, sort := range allSorts {
		want := inOrder(ids, sort)
		for _, limit := range []int{1, 7, 20, 100} {
			t.Run(fmt.Sprintf("%s/limit=%d", sort, limit), func(t *testing.T) {
				t.Parallel() // walks only read
				h := h.For(t)
				got := walk(t, h, key, "/api/v1/posts", sort, limit, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("walk returned %d ids, not each of the %d once in order", len(got), tiedRows)
				}
				first := getCursorPage(t, h, key, "/api/v1/posts", url.Values{"sort": {sort}, "limit": {fmt.Sprint(limit)}})
				if first.total != tiedRows {
					t.Fatalf("total = %v, want %d", first.total, tiedRows)
				}
			})
		}
	}
}

func cursorWalkOrdersByValueThenID(t *testing.T, h *apitest.Harness, key string) {
	h = h.For(t)
	type row struct{ id, title, created string }
	var rows []row
	for i := range 30 {
		// Three titles and three instants, so values tie in groups and ids break the ties.
		title := fmt.Sprintf("Title %d", i%3)
		created := mustTime(fmt.Sprintf("2026-11-0%d 10:00:00.000Z", 1+i%3))
		id := h.SaveRecord(vocab.Talks, map[string]any{"title": title, "created": created, "updated": created}).Id
		rows = append(rows, row{id, title, created.String()})
	}
	for _, sort := range allSorts {
		t.Run(sort, func(t *testing.T) {
			want := slices.Clone(rows)
			slices.SortFunc(want, func(a, b row) int {
				va, vb := a.created, b.created
				if strings.HasSuffix(sort, "title") {
					va, vb = a.title, b.title
				}
				c := strings.Compare(va+"\x00"+a.id, vb+"\x00"+b.id)
				if strings.HasPrefix(sort, "-") {
					return -c
				}
				return c
			})
			var wantIDs []string
			for _, r := range want {
				wantIDs = append(wantIDs, r.id)
			}
			if got := walk(t, h.For(t), key, "/api/v1/talks", sort, 4, nil); !slices.Equal(got, wantIDs) {
				t.Fatalf("order\n got %v\nwant %v", got, wantIDs)
			}
		})
	}
}

// cursorWalkWhileRowsChange walks every sort while posts come and go between the pages, one
// walk after the other, each on posts of its own.
func cursorWalkWhileRowsChange(t *testing.T, h *apitest.Harness, key string) {
	for _, sort := range allSorts {
		t.Run(sort, func(t *testing.T) {
			h := h.For(t)
			deletePosts(t, h) // the last walk's
			live := map[string]bool{}
			for range 14 {
				live[tiedPost(t, h)] = true
			}
			throughout := maps.Clone(live)
			rng := rand.New(rand.NewPCG(1, uint64(len(sort))))
			// Between pages: two new tied posts, and one random live post deleted.
			churn := func() {
				for range 2 {
					live[tiedPost(t, h)] = true
				}
				victims := sortedKeys(live)
				victim := victims[rng.IntN(len(victims))]
				rec, err := h.App.FindRecordById(vocab.Posts, victim)
				if err != nil {
					t.Fatal(err)
				}
				if err := h.App.Delete(rec); err != nil {
					t.Fatal(err)
				}
				delete(live, victim)
				delete(throughout, victim)
			}
			got := walk(t, h, key, "/api/v1/posts", sort, 4, churn)
			seen := map[string]int{}
			for _, id := range got {
				seen[id]++
				if seen[id] > 1 {
					t.Fatalf("%s appeared twice", id)
				}
			}
			for id := range throughout {
				if seen[id] != 1 {
					t.Fatalf("%s existed throughout but appeared %d times", id, seen[id])
				}
			}
			if !slices.Equal(got, inOrder(got, sort)) {
				t.Fatal("the walk is out of order")
			}
		})
	}
}

// deletePosts deletes every post.
func deletePosts(t testing.TB, h *apitest.Harness) {
	t.Helper()
	recs, err := h.App.FindAllRecords(vocab.Posts)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := h.App.Delete(rec); err != nil {
			t.Fatal(err)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestCursorListShape(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	apitest.Scenario{Name: "empty", Path: "/api/v1/courses", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
		After: bodyIs(`{"data":[],"page":1,"per_page":20,"total":0}`)}.Test(t, h)
	post := h.SaveRecord(vocab.Posts, map[string]any{
		"title": "Hello", "visibility": "public", "tags": []string{"go", "web"}, "excerpt": "Hi", "content": "<p>secret body</p>",
	})
	project := h.SaveRecord(vocab.Projects, map[string]any{
		"title": "Site", "visibility": "public", "url": "https://site.example", "repo_url": "https://github.com/x/site",
	})
	cases := []struct {
		path, keys string
		item       map[string]any
	}{
		{"/api/v1/posts", "access,cover,cover_thumbs,created,excerpt,id,published_at,slug,tags,title,updated,visibility",
			map[string]any{"id": post.Id, "title": "Hello", "slug": "hello", "excerpt": "Hi", "cover": nil, "cover_thumbs": nil,
				"tags": []any{"go", "web"}, "visibility": "public", "created": post.GetDateTime("created").String()}},
		{"/api/v1/projects", "access,cover,cover_thumbs,created,excerpt,id,published_at,repo_url,slug,tags,title,updated,url,visibility",
			map[string]any{"id": project.Id, "slug": "site", "tags": []any{}, "url": "https://site.example", "repo_url": "https://github.com/x/site"}},
	}
	for _, c := range cases {
		want := map[string]any{"data.1": apitest.Absent}
		for k, v := range c.item {
			want["data.0."+k] = v
		}
		apitest.Scenario{Path: c.path, Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK, ExpectedJSON: want,
			// next_cursor must be absent on the last page.
			After: checks(keysAt("", "data,page,per_page,total"), keysAt("data.0", c.keys))}.Test(t, h)
	}
}
