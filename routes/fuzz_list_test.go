package routes_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/cursor"
)

// FuzzListQuery sends fuzzed list parameters (limit, sort, cursor, page, per_page, draft,
// visibility; all of them to every list, so each list also meets the others' as unknown
// parameters) to the v1 cursor lists and the v2 page lists, and compares every 200 with a
// model of the list computed from the records: the same rows in the same order, only
// published public, members and paid ones on v1 (never private), totals and paging fields right, and next_cursor exactly when
// rows remain. A cursor "signed:list\nsort\nvalue\nid\npage" is signed with the server's key
// first, so positions of the fuzzer's choosing reach the keyset query: such a cursor must be
// refused unless it was made for this very list and sort, and where it is accepted the page
// holds only rows strictly after its position.
func FuzzListQuery(f *testing.F) {
	h := apitest.New(f, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	codec, err := routes.CursorCodecOf(h.App)
	if err != nil {
		f.Fatal(err)
	}
	lists := seedLists(f, h)
	f.Fuzz(func(t *testing.T, list uint8, limit, sort, cur, page, perPage, draft, visibility string) {
		m := lists[int(list)%len(lists)]
		curParam, signed := cursorParam(codec, cur)
		q := url.Values{"limit": {limit}, "sort": {sort}, "cursor": {curParam}, "page": {page},
			"per_page": {perPage}, "draft": {draft}, "visibility": {visibility}}
		res := h.For(t).Get(m.path+"?"+q.Encode(), key)
		checkAnswer(t, res)
		if keyInQuery(q.Encode()) {
			wantStatus(t, res, http.StatusUnauthorized)
			return
		}
		if m.cursorList == "" {
			m.checkPage(t, res, q)
			return
		}
		m.checkCursorPage(t, res, codec, q, signed)
	})
}

// listModel is one list as the fuzz target expects it to answer.
type listModel struct {
	path string
	// cursorList is the list's name in its cursors; "" for a v2 page list.
	cursorList  string
	publishable bool
	// sorts maps a `sort` value (without "-") to its column.
	sorts map[string]string
	rows  []listRow
}

// listRow is a record as the model compares it.
type listRow struct {
	id         string
	vals       map[string]string // column → value as the database stores it
	draft      bool
	visibility string
}

// modelSort is a valid `sort`: its name, column and direction.
type modelSort struct {
	name, column string
	desc         bool
}

// sortOf reads `sort` as the spec defines it: one of the list's keys, "-" for descending,
// -created when absent.
func (m *listModel) sortOf(s string) (modelSort, bool) {
	if s == "" {
		s = "-created"
	}
	name, desc := strings.CutPrefix(s, "-")
	col, ok := m.sorts[name]
	return modelSort{name: s, column: col, desc: desc}, ok
}

// ordered is rows in the sort's order, ties broken by id in the same direction.
func ordered(rows []listRow, s modelSort) []listRow {
	out := slices.Clone(rows)
	slices.SortFunc(out, func(a, b listRow) int {
		c := strings.Compare(a.vals[s.column], b.vals[s.column])
		if c == 0 {
			c = strings.Compare(a.id, b.id)
		}
		if s.desc {
			c = -c
		}
		return c
	})
	return out
}

// after reports whether r comes strictly after the position (value, id) in the sort.
func after(r listRow, s modelSort, value, id string) bool {
	c := strings.Compare(r.vals[s.column], value)
	if c == 0 {
		c = strings.Compare(r.id, id)
	}
	if s.desc {
		return c < 0
	}
	return c > 0
}

// checkCursorPage checks the answer of a v1 cursor list.
func (m *listModel) checkCursorPage(t *testing.T, res *apitest.Response, codec *cursor.Codec, q url.Values, signed *cursor.Position) {
	t.Helper()
	limit, okLimit := intIn(q.Get("limit"), 20, 1, 100)
	sort, okSort := m.sortOf(q.Get("sort"))
	if bad := invalidNames(map[string]bool{"limit": !okLimit, "sort": !okSort}); len(bad) > 0 {
		wantInvalidParam(t, res, bad...)
		return
	}
	var visible []listRow
	for _, r := range m.rows {
		if !m.publishable || (!r.draft && slices.Contains(vocab.ListedVisibilities(), r.visibility)) {
			visible = append(visible, r)
		}
	}
	rows, page := ordered(visible, sort), 1
	if c := q.Get("cursor"); c != "" {
		if signed == nil || signed.List != m.cursorList || signed.Sort != sort.name || signed.Page < 2 || len(c) > cursor.MaxLen {
			wantInvalidParam(t, res, "cursor")
			return
		}
		rows = slices.DeleteFunc(rows, func(r listRow) bool { return !after(r, sort, signed.Value, signed.ID) })
		page = signed.Page
	}
	wantStatus(t, res, http.StatusOK)
	var body struct {
		Data []struct {
			ID         string  `json:"id"`
			Visibility *string `json:"visibility"`
		} `json:"data"`
		Total      int     `json:"total"`
		Page       int     `json:"page"`
		PerPage    int     `json:"per_page"`
		NextCursor *string `json:"next_cursor"`
	}
	if err := json.Unmarshal(res.Body, &body); err != nil {
		t.Fatalf("body: %v: %s", err, res.Body)
	}
	more := len(rows) > limit
	rows = rows[:min(limit, len(rows))]
	got := make([]string, 0, len(body.Data))
	for _, d := range body.Data {
		got = append(got, d.ID)
		if m.publishable && (d.Visibility == nil || !slices.Contains(vocab.ListedVisibilities(), *d.Visibility)) {
			t.Fatalf("v1 list shows a private record: %s", res.Body)
		}
	}
	if want := rowIDs(rows); !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
	if body.Total != len(visible) || body.Page != page || body.PerPage != limit {
		t.Fatalf("total %d page %d per_page %d, want %d, %d, %d", body.Total, body.Page, body.PerPage, len(visible), page, limit)
	}
	if more != (body.NextCursor != nil) {
		t.Fatalf("next_cursor %v with more rows %v", body.NextCursor, more)
	}
	if !more || page+1 < page { // a forged page at the int limit has no successor
		return
	}
	next, err := codec.Decode(*body.NextCursor, m.cursorList, sort.name)
	last := rows[len(rows)-1]
	if err != nil || next.ID != last.id || next.Value != last.vals[sort.column] || next.Page != page+1 {
		t.Fatalf("next_cursor %+v, %v; want after %s (%q) on page %d", next, err, last.id, last.vals[sort.column], page+1)
	}
}

// checkPage checks the answer of a v2 page list.
func (m *listModel) checkPage(t *testing.T, res *apitest.Response, q url.Values) {
	t.Helper()
	page, okPage := intIn(q.Get("page"), 1, 1, 0)
	perPage, okPerPage := intIn(q.Get("per_page"), 50, 1, 200)
	sort, okSort := m.sortOf(q.Get("sort"))
	draft, visibility := q.Get("draft"), q.Get("visibility")
	okDraft := !m.publishable || slices.Contains([]string{"", "true", "false"}, draft)
	okVisibility := !m.publishable || visibility == "" || slices.Contains(vocab.Visibilities(), visibility)
	bad := invalidNames(map[string]bool{"page": !okPage, "per_page": !okPerPage, "sort": !okSort,
		"draft": !okDraft, "visibility": !okVisibility})
	if len(bad) > 0 {
		wantInvalidParam(t, res, bad...)
		return
	}
	var matching []listRow
	for _, r := range m.rows {
		if m.publishable && ((draft != "" && r.draft != (draft == "true")) || (visibility != "" && r.visibility != visibility)) {
			continue
		}
		matching = append(matching, r)
	}
	rows, pages := ordered(matching, sort), (len(matching)+perPage-1)/perPage
	if page-1 < pages {
		start := (page - 1) * perPage
		rows = rows[start:min(start+perPage, len(rows))]
	} else {
		rows = nil
	}
	wantStatus(t, res, http.StatusOK)
	var body struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
		Page       int `json:"page"`
		PerPage    int `json:"per_page"`
		TotalItems int `json:"total_items"`
		TotalPages int `json:"total_pages"`
	}
	if err := json.Unmarshal(res.Body, &body); err != nil {
		t.Fatalf("body: %v: %s", err, res.Body)
	}
	got := make([]string, 0, len(body.Items))
	for _, it := range body.Items {
		got = append(got, it.ID)
	}
	if want := rowIDs(rows); !slices.Equal(got, want) {
		t.Fatalf("items %q, want %q", got, want)
	}
	if body.Page != page || body.PerPage != perPage || body.TotalItems != len(matching) || body.TotalPages != pages {
		t.Fatalf("page %d per_page %d total_items %d total_pages %d; want %d, %d, %d, %d",
			body.Page, body.PerPage, body.TotalItems, body.TotalPages, page, perPage, len(matching), pages)
	}
}

// invalidNames lists the names marked true, sorted.
func invalidNames(bad map[string]bool) []string {
	var out []string
	for name, isBad := range bad {
		if isBad {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func rowIDs(rows []listRow) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.id)
	}
	return out
}

// keyInQuery reports whether a raw query string mentions the API key prefix by keys.MentionsKey,
// the one rule of what counts as a key in a URL (any case, percent-encoded or not; its own tests
// are in hooks/keys): such a request is refused with 401 whatever else it carries (keys are never
// accepted in, or logged from, a URL). The fuzzer found "svC_live_" in q, which an earlier
// case-sensitive copy of the rule here took for a plain search.
func keyInQuery(raw string) bool {
	return keys.MentionsKey(raw)
}

// seedLists saves the records of the lists (drafts, every visibility, rows that tie on every
// sort, titles that sort oddly) and returns the model of each list.
func seedLists(f *testing.F, h *apitest.Harness) []*listModel {
	f.Helper()
	at := func(s string) any { return mustTime("2026-11-" + s + ".000Z") }
	for _, p := range []struct {
		title, visibility string
		draft             bool
		created           string
	}{
		{"Alpha", "public", false, "01 10:00:00"},
		{"Same title", "public", false, "02 10:00:00"},
		{"Same title", "public", false, "02 10:00:00"},
		{"Same title", "public", false, "02 10:00:00"},
		{"Ünïcode ✓ 日本", "public", false, "03 10:00:00"},
		{"'; DROP TABLE posts; --", "public", false, "04 10:00:00"},
		{"zeta", "public", false, "05 10:00:00"},
		{"Draft", "public", true, "05 10:00:00"},
		{"Members", "members", false, "06 10:00:00"},
		{"Private", "private", false, "02 10:00:00"},
		{"Draft members", "members", true, "01 10:00:00"},
	} {
		for _, col := range []string{vocab.Posts, vocab.Projects} {
			h.SaveRecord(col, map[string]any{"title": p.title, "visibility": p.visibility, "draft": p.draft,
				"created": at(p.created), "updated": at(p.created)})
		}
	}
	for i, title := range []string{"Course A", "Course B", "Course B", "course c"} {
		created := at(fmt.Sprintf("%02d 09:00:00", 1+i/2))
		h.SaveRecord(vocab.Courses, map[string]any{"title": title, "currency": "usd", "created": created, "updated": created})
		h.SaveRecord(vocab.Talks, map[string]any{"title": title, "created": created, "updated": created})
	}
	for i, name := range []string{"Zoe", "Ada", "Ada"} {
		created := at(fmt.Sprintf("%02d 08:00:00", 1+i))
		h.SaveRecord(vocab.Members, map[string]any{"name": name, "email": fmt.Sprintf("%s%d@example.com", strings.ToLower(name), i),
			"password": "a long member password", "created": created, "updated": created})
	}
	content := map[string]string{"created": "created", "updated": "updated", "title": "title"}
	members := map[string]string{"created": "created", "updated": "updated", "title": "name"}
	var out []*listModel
	for _, c := range []struct {
		collection  string
		publishable bool
	}{{vocab.Posts, true}, {vocab.Projects, true}, {vocab.Courses, false}, {vocab.Talks, false}} {
		rows := loadRows(f, h, c.collection, "title")
		out = append(out,
			&listModel{path: "/api/v1/" + c.collection, cursorList: "v1:" + c.collection, publishable: c.publishable, sorts: content, rows: rows},
			&listModel{path: "/api/v2/" + c.collection, publishable: c.publishable, sorts: content, rows: rows})
	}
	return append(out, &listModel{path: "/api/v2/members", sorts: members, rows: loadRows(f, h, vocab.Members, "name")})
}

// loadRows reads a collection's records as the model compares them.
func loadRows(f *testing.F, h *apitest.Harness, collection, titleColumn string) []listRow {
	f.Helper()
	recs, err := h.App.FindAllRecords(collection)
	if err != nil {
		f.Fatal(err)
	}
	rows := make([]listRow, 0, len(recs))
	for _, r := range recs {
		rows = append(rows, listRow{id: r.Id, draft: r.GetBool("draft"), visibility: r.GetString("visibility"),
			vals: map[string]string{
				"created":   r.GetDateTime("created").String(),
				"updated":   r.GetDateTime("updated").String(),
				titleColumn: r.GetString(titleColumn),
			}})
	}
	return rows
}
