package routes

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// maxTagLen bounds `tag`, in characters.
const maxTagLen = 100

// tagParam reads `tag` of a publishable resource's list, lower-cased: tags compare
// case-insensitively (SQLite's LOWER, which folds ASCII letters). "" when absent; elsewhere
// `tag` is an unknown parameter and ignored.
func (r *resource) tagParam(q url.Values) (string, error) {
	s, ok := queryValue(q, params.Tag)
	if !ok || !r.publishable {
		return "", nil
	}
	if utf8.RuneCountInString(s) > maxTagLen {
		return "", apierr.InvalidParam(params.Tag, "must be at most 100 characters")
	}
	return strings.ToLower(s), nil
}

// tagElements is the FROM of a record's tags: the string elements of the tags field, none when
// the field holds no valid JSON (a lone string is one tag, as content.Tags shows it).
const tagElements = "json_each(CASE WHEN json_valid([[tags]]) THEN [[tags]] ELSE '[]' END) AS t"

// hasTag is the condition that a record has tag (lower-cased); nil for no tag.
func hasTag(tag string) dbx.Expression {
	if tag == "" {
		return nil
	}
	return dbx.NewExp("EXISTS (SELECT 1 FROM "+tagElements+" WHERE t.type = 'text' AND LOWER(t.value) = {:tag})",
		dbx.Params{"tag": tag})
}
