package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createPages, dropCollection("pages"))
}

// createPages creates the custom pages collection.
func createPages(app core.App) error {
	c := core.NewBaseCollection("pages")
	c.Fields.Add(
		titleField("title", 300),
		slugField(),
		&core.EditorField{Name: "content"},
		&core.BoolField{Name: "draft", Help: "Drafts are not shown on the site."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "slug", true, "slug")
	return saveCollection(app, c)
}
