package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createEducation, dropCollection("education"))
}

// createEducation creates the education list, ordered by sort_order then created.
func createEducation(app core.App) error {
	c := core.NewBaseCollection("education")
	c.Fields.Add(
		&core.TextField{Name: "school", Required: true, Presentable: true, Max: 200},
		textField("degree", 200),
		&core.TextField{Name: "field", Max: 200, Help: "Field of study."},
		&core.DateField{Name: "start_date"},
		&core.DateField{Name: "end_date", Help: "Leave empty if still studying."},
		sortOrderField(),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "sort_order_created", false, "sort_order, created")
	return saveCollection(app, c)
}
