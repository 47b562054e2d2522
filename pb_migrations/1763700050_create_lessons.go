package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createLessons, dropCollection("lessons"))
}

// createLessons creates the lessons of a course. Lessons are for the site only and never appear
// in an API response; deleting a course deletes its lessons.
func createLessons(app core.App) error {
	courses, err := findCollection(app, "courses")
	if err != nil {
		return err
	}
	c := core.NewBaseCollection("lessons")
	c.Fields.Add(
		&core.RelationField{
			Name:          "course",
			CollectionId:  courses.Id,
			Required:      true,
			CascadeDelete: true,
			MaxSelect:     1,
		},
		titleField("title", 300),
		&core.EditorField{Name: "content"},
		&core.URLField{Name: "video_url"},
		sortOrderField(),
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "course_sort_order", false, "course, sort_order")
	return saveCollection(app, c)
}
