package routes_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

func TestPageListFilters(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	content, _ := h.CreateKey(keys.ScopeReadContent)
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
				res := h.Get("/api/v2/"+collection+"?sort=title&"+c.query, content)
				wantStatus(t, res, http.StatusOK)
				var want []string
				for _, slug := range c.want {
					want = append(want, ids[slug])
				}
				got := idsOf(listOf(t, res, "items"))
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: got %v, want %v", c.query, got, want)
				}
				if body := res.JSON(t); body["total_items"] != float64(len(want)) {
					t.Fatalf("%s: total_items %v", c.query, body["total_items"])
				}
			}
		})
	}
}

func TestPageListPaging(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	content, _ := h.CreateKey(keys.ScopeReadContent)
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
		want := map[string]any{"page": c.page, "per_page": c.per, "total_items": 7, "total_pages": c.totalPages,
			fmt.Sprintf("items.%d", len(c.want)): apitest.Absent}
		for i, title := range c.want {
			want[fmt.Sprintf("items.%d.title", i)] = title
		}
		apitest.Scenario{Name: c.query, Path: "/api/v2/talks?" + c.query, Headers: apitest.Bearer(content),
			ExpectedStatus: http.StatusOK, ExpectedJSON: want,
			After: func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
				if keys := keysOf(res.JSON(t)); keys != "items,page,per_page,total_items,total_pages" {
					t.Errorf("keys %s", keys)
				}
			},
		}.Test(t, h)
	}

	empty := h.Get("/api/v2/courses", content)
	if string(empty.Body) != `{"items":[],"page":1,"per_page":50,"total_items":0,"total_pages":0}` {
		t.Fatalf("empty: %s", empty.Body)
	}
}
