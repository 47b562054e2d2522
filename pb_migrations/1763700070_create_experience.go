package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createExperience, dropCollection("experience"))
}

// createExperience creates the work experience list, ordered by sort_order then created.
func createExperience(app core.App) error {
	c := core.NewBaseCollection("experience")
	c.Fields.Add(
		&core.TextField{Name: "company", Required: true, Presentable: true, Max: 200},
		&core.TextField{Name: "role", Required: true, Max: 200},
		textField("location", 200),
		&core.DateField{Name: "start_date"},
		&core.DateField{Name: "end_date", Help: "Leave empty for a current position."},
		&core.EditorField{Name: "description"},
		sortOrderField(),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "sort_order_created", false, "sort_order, created")
	return saveCollection(app, c)
}
