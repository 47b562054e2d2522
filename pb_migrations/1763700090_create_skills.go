package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createSkills, dropCollection("skills"))
}

// createSkills creates the skills list, ordered by sort_order then created.
func createSkills(app core.App) error {
	c := core.NewBaseCollection("skills")
	c.Fields.Add(
		titleField("name", 100),
		&core.TextField{Name: "category", Max: 100, Help: "Grouping on the site, e.g. Languages."},
		&core.SelectField{Name: "level", Values: []string{"beginner", "intermediate", "advanced", "expert"}, MaxSelect: 1},
		sortOrderField(),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "sort_order_created", false, "sort_order, created")
	return saveCollection(app, c)
}
