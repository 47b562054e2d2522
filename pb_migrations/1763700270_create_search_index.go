package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"github.com/creator-content-api/server/hooks/content/fulltext"
)

func init() {
	m.Register(createSearchIndex, dropSearchIndex)
}

// createSearchIndex creates the FTS5 table of the `q` search of the posts, projects, courses
// and talks lists (see package fulltext), case- and accent-insensitive, and indexes the
// records those collections already hold. From here on, record hooks keep it in step.
func createSearchIndex(app core.App) error {
	_, err := app.DB().NewQuery("CREATE VIRTUAL TABLE search_index USING fts5(" +
		"collection UNINDEXED, record_id, title, body, tags, " +
		"tokenize = 'unicode61 remove_diacritics 2')").Execute()
	if err != nil {
		return err
	}
	for _, name := range []string{"posts", "projects", "courses", "talks"} {
		if err := fulltext.Rebuild(app, name); err != nil {
			return err
		}
	}
	return nil
}

func dropSearchIndex(app core.App) error {
	_, err := app.DB().NewQuery("DROP TABLE IF EXISTS search_index").Execute()
	return err
}
