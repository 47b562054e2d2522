package routes_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// FuzzSearchQuery sends fuzzed `q` values to the searchable v1 and v2 lists. Whatever the
// text (FTS5 operators, quotes, column filters, stray bytes), the answer is never a 5xx nor an
// FTS5 error: over 200 characters it is 400 naming q; otherwise 200 with seeded records only,
// as many as the total says, and none at all for a text without a letter or digit (an empty
// q is no search).
func FuzzSearchQuery(f *testing.F) {
	h := apitest.New(f, apitest.Options{})
	key, _ := h.CreateKey(keys.Scopes()...)
	seeded := map[string]bool{}
	for _, id := range seedSearch(f, h) {
		seeded[id] = true
	}
	lists := []string{"v1/posts", "v1/projects", "v1/courses", "v1/talks", "v2/posts", "v2/projects", "v2/courses", "v2/talks"}
	f.Fuzz(func(t *testing.T, list uint8, q string) {
		path := lists[int(list)%len(lists)]
		query := url.Values{"q": {q}, "limit": {"100"}, "per_page": {"200"}}.Encode()
		res := h.For(t).Get("/api/"+path+"?"+query, key)
		checkAnswer(t, res)
		switch {
		case keyInQuery(query):
			wantStatus(t, res, http.StatusUnauthorized)
			return
		case utf8.RuneCountInString(q) > 200:
			wantInvalidParam(t, res, "q")
			return
		}
		wantStatus(t, res, http.StatusOK)
		items, total := "data", "total"
		if strings.HasPrefix(path, "v2/") {
			items, total = "items", "total_items"
		}
		got := idsOf(listOf(t, res, items))
		if n := res.JSON(t)[total]; n != float64(len(got)) {
			t.Fatalf("%s %v with %d items", total, n, len(got))
		}
		if slices.ContainsFunc(got, func(id string) bool { return !seeded[id] }) {
			t.Fatalf("unknown records %v", got)
		}
		wordless := strings.IndexFunc(q, func(c rune) bool { return unicode.IsLetter(c) || unicode.IsNumber(c) }) < 0
		if q != "" && wordless && len(got) > 0 {
			t.Fatalf("a text without words found %v", got)
		}
	})
}
