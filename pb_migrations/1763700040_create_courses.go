package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createCourses, dropCollection("courses"))
}

// createCourses creates the courses collection; v1 lists it with cursors.
func createCourses(app core.App) error {
	c := core.NewBaseCollection("courses")
	c.Fields.Add(
		titleField("title", 300),
		slugField(),
		&core.EditorField{Name: "description"},
		minorUnitsField("price"),
		currencyField(),
		imageField("cover", 1, ""),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "slug", true, "slug")
	addCursorIndexes(c, "", "")
	return saveCollection(app, c)
}
