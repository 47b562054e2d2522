package pb_migrations

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createSearchIndex, dropSearchIndex)
}

// createSearchIndex creates the FTS5 table of the `q` search of the posts, projects, courses
// and talks lists, case- and accent-insensitive, and indexes the records those collections
// already hold, in SQL: title; the plain-text fields and the editor fields with their tags
// removed and the common entities decoded; the tags' strings, one a line. From here on, record
// hooks keep it in step (hooks/content/fulltext, which may index a record's text more finely
// the next time it is saved).
func createSearchIndex(app core.App) error {
	_, err := app.DB().NewQuery("CREATE VIRTUAL TABLE search_index USING fts5(" +
		"collection UNINDEXED, record_id, title, body, tags, " +
		"tokenize = 'unicode61 remove_diacritics 2')").Execute()
	if err != nil {
		return err
	}
	for _, c := range []struct {
		name, text, html string
		tags             bool
	}{
		{"posts", "excerpt", "content", true},
		{"projects", "excerpt", "content", true},
		{"courses", "", "description", false},
		{"talks", "", "description", false},
	} {
		if _, err := app.DB().NewQuery(backfillSearchIndexSQL(c.name, c.text, c.html, c.tags)).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// backfillSearchIndexSQL indexes every record of collection: a recursive query takes the
// editor field apart one tag at a time (what is left of a tag becomes a space), and the
// record's row is its last step, the one with no whole tag left.
func backfillSearchIndexSQL(collection, textField, htmlField string, tags bool) string {
	body := "s.done || s.rest"
	for _, e := range [][2]string{{"&nbsp;", " "}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", `"`}, {"&#39;", "''"}, {"&amp;", "&"}} {
		body = "replace(" + body + ", '" + e[0] + "', '" + e[1] + "')"
	}
	if textField != "" {
		body = "COALESCE(c." + textField + ", '') || char(10) || " + body
	}
	tagText := "''"
	if tags {
		tagText = "COALESCE((SELECT group_concat(value, char(10)) FROM json_tree(CASE WHEN json_valid(c.tags) THEN c.tags ELSE '[]' END) WHERE type = 'text'), '')"
	}
	return strings.NewReplacer("{collection}", collection, "{html}", htmlField, "{body}", body, "{tags}", tagText).Replace(`
WITH RECURSIVE strip(id, done, rest) AS (
	SELECT id, '', COALESCE({html}, '') FROM {collection}
	UNION ALL
	SELECT id,
		done || substr(rest, 1, instr(rest, '<') - 1) || ' ',
		substr(rest, instr(rest, '<') + instr(substr(rest, instr(rest, '<')), '>'))
	FROM strip
	WHERE instr(rest, '<') > 0 AND instr(substr(rest, instr(rest, '<')), '>') > 0
)
INSERT INTO search_index (collection, record_id, title, body, tags)
SELECT '{collection}', c.id, COALESCE(c.title, ''), {body}, {tags}
FROM {collection} c JOIN strip s ON s.id = c.id
WHERE instr(s.rest, '<') = 0 OR instr(substr(s.rest, instr(s.rest, '<')), '>') = 0`)
}

func dropSearchIndex(app core.App) error {
	_, err := app.DB().NewQuery("DROP TABLE IF EXISTS search_index").Execute()
	return err
}
