package routes

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/content/fulltext"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// maxQueryChars bounds `q`, in characters.
const maxQueryChars = 200

// listSearch is a validated `q`: the text as sent and the FTS5 query it becomes. The zero
// value is no search.
type listSearch struct {
	text string
	// match is the FTS5 query; "" when the text holds no word, which matches nothing.
	match string
}

// searchParam reads `q` on r's list; a list that is not searchable ignores it, as any unknown
// parameter.
func searchParam(q url.Values, r *resource) (listSearch, error) {
	s, ok := queryValue(q, params.Q)
	if !ok || !content.Searched(r.collection) {
		return listSearch{}, nil
	}
	if utf8.RuneCountInString(s) > maxQueryChars {
		return listSearch{}, apierr.InvalidParam(params.Q, "must be at most 200 characters")
	}
	return listSearch{text: s, match: matchQuery(s)}, nil
}

// matchQuery turns any text into an FTS5 query that cannot fail: the text's words, each
// quoted as an FTS5 string (so AND, NEAR, title:, "(", "*" and the like are words or
// separators, never syntax), all required, the last one as a prefix ("go rou" finds "Go
// routers"), in the searchable columns only. "" when the text has no word.
func matchQuery(s string) string {
	words := searchWords(s)
	if len(words) == 0 {
		return ""
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = fulltext.Quote(w)
	}
	return fulltext.TextColumns + " : (" + strings.Join(quoted, " ") + "*)"
}

// searchWords splits s into words as the index's unicode61 tokenizer does: runs of letters,
// numbers, private-use characters and combining marks; everything else separates.
func searchWords(s string) []string {
	return strings.FieldsFunc(s, func(c rune) bool {
		return !(unicode.IsLetter(c) || unicode.IsNumber(c) || unicode.In(c, unicode.Co, unicode.Mn))
	})
}

// filter is the condition of the search on collection; nil when there is no search.
func (s listSearch) filter(collection string) dbx.Expression {
	switch {
	case s.text == "":
		return nil
	case s.match == "":
		return dbx.NewExp("1 = 0")
	}
	return dbx.NewExp("id IN (SELECT record_id FROM "+fulltext.Table+
		" WHERE "+fulltext.Table+" MATCH {:searchMatch} AND collection = {:searchCollection})",
		dbx.Params{"searchMatch": s.match, "searchCollection": collection})
}

// runs says the search queries the index: a text with at least one word. Such a list waits
// for its turn (searchSemaphore) before it counts and reads.
func (s listSearch) runs() bool { return s.match != "" }

// cursorList binds a list's cursor identity to the search, so that a cursor made for one `q`
// is refused with another. The text is bound through its hash, which keeps cursors short
// whatever the text, and in front, where it cannot run into the rest of the identity.
func (s listSearch) cursorList(list string) string {
	if s.text == "" {
		return list
	}
	sum := sha256.Sum256([]byte(s.text))
	return "q:" + base64.RawURLEncoding.EncodeToString(sum[:]) + " " + list
}
