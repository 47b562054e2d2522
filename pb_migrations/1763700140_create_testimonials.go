package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createTestimonials, dropCollection("testimonials"))
}

// createTestimonials creates the testimonials collection (testimonial.submitted fires on create).
func createTestimonials(app core.App) error {
	c := core.NewBaseCollection("testimonials")
	c.Fields.Add(
		titleField("name", 200),
		&core.EmailField{Name: "email"},
		textField("company", 200),
		textField("role", 200),
		&core.TextField{Name: "body", Required: true, Max: 5000},
		&core.BoolField{Name: "approved", Help: "Only approved testimonials are shown on the site."},
	)
	c.Fields.Add(timestampFields()...)
	return saveCollection(app, c)
}
