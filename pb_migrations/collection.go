package pb_migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
)

// listSortColumns are the sort keys of cursor lists; each gets an index with id as tie-breaker.
var listSortColumns = []string{"created", "updated", "title"}

// publishedPublicWhere is the condition of the published public list. Queries must repeat it
// literally (draft = 0 AND visibility = 'public', not bound parameters) for SQLite to use the
// partial indexes.
const publishedPublicWhere = "draft = 0 AND visibility = 'public'"

// addCursorIndexes adds one (column, id) index per list sort column, named
// idx_<collection>_<label><column>_id and limited by where when it is not empty.
func addCursorIndexes(c *core.Collection, label, where string) {
	for _, col := range listSortColumns {
		c.AddIndex(fmt.Sprintf("idx_%s_%s%s_id", c.Name, label, col), false, col+", id", where)
	}
}

// addIndex adds a plain index named idx_<collection>_<suffix>.
func addIndex(c *core.Collection, suffix string, unique bool, columns string) {
	c.AddIndex("idx_"+c.Name+"_"+suffix, unique, columns, "")
}

// findCollection looks a collection up by name, wrapping the error with the name.
func findCollection(app core.App, name string) (*core.Collection, error) {
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		return nil, fmt.Errorf("find collection %q: %w", name, err)
	}
	return c, nil
}

// saveCollection saves a new or changed collection, wrapping the error with its name.
func saveCollection(app core.App, c *core.Collection) error {
	if err := app.Save(c); err != nil {
		return fmt.Errorf("save collection %q: %w", c.Name, err)
	}
	return nil
}

// dropCollection returns the down step of a create migration: it deletes the named collection
// (its table and records with it).
func dropCollection(name string) func(core.App) error {
	return func(app core.App) error {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		if err := app.Delete(c); err != nil {
			return fmt.Errorf("delete collection %q: %w", name, err)
		}
		return nil
	}
}
