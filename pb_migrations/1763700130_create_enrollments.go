package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createEnrollments, dropCollection("enrollments"))
}

// createEnrollments creates course enrollments. Deleting a course with enrollments is refused
// (no cascade) so that sales history is not lost by accident; deleting a member only clears
// the optional member link.
func createEnrollments(app core.App) error {
	courses, err := findCollection(app, "courses")
	if err != nil {
		return err
	}
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	c := core.NewBaseCollection("enrollments")
	c.Fields.Add(
		&core.RelationField{Name: "course", CollectionId: courses.Id, Required: true, MaxSelect: 1},
		&core.EmailField{Name: "buyer_email", Required: true, Presentable: true},
		&core.RelationField{
			Name:         "member",
			CollectionId: members.Id,
			MaxSelect:    1,
			Help:         "Member account of the buyer, if they have one.",
		},
		&core.DateField{Name: "completed_at", Help: "Set when the course is completed (fires course.completed once)."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "course", false, "course")
	addIndex(c, "buyer_email", false, "buyer_email")
	return saveCollection(app, c)
}
