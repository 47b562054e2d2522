package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addListedIndexes, dropListedIndexes)
}

// listedWhere is what v1 lists now that members content is listed too (vocab.NotDraftListedSQL,
// repeated literally for SQLite to use these indexes).
const listedWhere = "draft = 0 AND visibility IN ('public', 'members', 'paid')"

// listedSortColumns are the sorts of the v1 lists of posts and projects.
var listedSortColumns = []string{"created", "updated", "title", "published_at"}

// addListedIndexes gives the v1 lists of posts and projects, which show gated records to every
// reader (cut for those without access), the partial indexes the public-only lists had.
func addListedIndexes(app core.App) error {
	return editPublishable(app, func(c *core.Collection) {
		for _, col := range listedSortColumns {
			c.AddIndex("idx_"+c.Name+"_listed_"+col+"_id", false, col+", id", listedWhere)
		}
	})
}

func dropListedIndexes(app core.App) error {
	return editPublishable(app, func(c *core.Collection) {
		for _, col := range listedSortColumns {
			c.RemoveIndex("idx_" + c.Name + "_listed_" + col + "_id")
		}
	})
}

func editPublishable(app core.App, edit func(*core.Collection)) error {
	for _, name := range []string{"posts", "projects"} {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		edit(c)
		if err := saveCollection(app, c); err != nil {
			return err
		}
	}
	return nil
}
