package routes_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestPageList runs the page list tests on one harness: the filters on posts and projects,
// the paging on talks (and courses, left empty).
func TestPageList(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	content, _ := h.CreateKey(keys.ScopeReadContent)
	t.Run("filters", func(t *testing.T) { pageListFilters(t, h, content) })
	t.Run("paging", func(t *testing.T) { pageListPaging(t, h, content) })
}

func pageListFilters(t *testing.T, h *apitest.Harness, content string) {
	h = h.For(t)
	for _, collection := range []string{"posts", "projects"} {
		ids := seedVisibility(t, h, collection)
		t.Run(collection, func(t *testing.T) {
			cases := []struct {
				query string
				want  []string
			}{
				{"", []string{"pub", "draft-pub", "members", "private", "draft-private"}},
				{"draft=true", []string{"draft-pub", "draft-private"}},
				{"draft=false", []string{"pub", "members", "private"}},
				{"visibility=public", []string{"pub", "draft-pub"}},
				{"visibility=members", []string{"members"}},
				{"visibility=private&draft=true", []string{"draft-private"}},
				{"visibility=members&draft=true", nil},
			}
			for _, c := range cases {
				var want []string
				for _, slug := range c.want {
					want = append(want, ids[slug])
				}
				apitest.Scenario{Name: c.query, Path: "/api/v2/" + collection + "?sort=title&" + c.query, Headers: apitest.Bearer(content),
					ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"total_items": len(want)}, After: holdsIDs("items", want...)}.Test(t, h)
			}
		})
	}
}

func pageListPaging(t *testing.T, h *apitest.Harness, content string) {
	h = h.For(t)
	var titles []string
	for i := range 7 {
		title := fmt.Sprintf("Talk %d", i)
		titles = append(titles, title)
		h.SaveRecord(vocab.Talks, map[string]any{"title": title})
	}
	cases := []struct {
		query      string
		want       []string
		page, per  int
		totalPages int
	}{
		{"sort=title&per_page=3", titles[0:3], 1, 3, 3},
		{"sort=title&per_page=3&page=2", titles[3:6], 2, 3, 3},
		{"sort=title&per_page=3&page=3", titles[6:7], 3, 3, 3},
		{"sort=title&per_page=3&page=4", nil, 4, 3, 3},
		{"sort=title&per_page=3&page=9223372036854775807", nil, 9223372036854775807, 3, 3},
		{"sort=-title&per_page=2", []string{"Talk 6", "Talk 5"}, 1, 2, 4},
		{"sort=title", titles, 1, 50, 1},
	}
	for _, c := range cases {
		want := listed("items", "title", c.want...)
		want["page"], want["per_page"], want["total_items"], want["total_pages"] = c.page, c.per, 7, c.totalPages
		apitest.Scenario{Name: c.query, Path: "/api/v2/talks?" + c.query, Headers: apitest.Bearer(content),
			ExpectedStatus: http.StatusOK, ExpectedJSON: want, After: keysAt("", "items,page,per_page,total_items,total_pages")}.Test(t, h)
	}
	apitest.Scenario{Name: "empty", Path: "/api/v2/courses", Headers: apitest.Bearer(content), ExpectedStatus: http.StatusOK,
		After: bodyIs(`{"items":[],"page":1,"per_page":50,"total_items":0,"total_pages":0}`)}.Test(t, h)
}
