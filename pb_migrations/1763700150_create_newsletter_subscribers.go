package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createNewsletterSubscribers, dropCollection("newsletter_subscribers"))
}

// createNewsletterSubscribers creates the newsletter subscribers, one per email address
// (newsletter.subscribe fires on create).
func createNewsletterSubscribers(app core.App) error {
	c := core.NewBaseCollection("newsletter_subscribers")
	c.Fields.Add(
		&core.EmailField{Name: "email", Required: true, Presentable: true},
		textField("name", 200),
		&core.BoolField{Name: "confirmed", Help: "Set once the subscriber confirmed the address."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "email", true, "email")
	return saveCollection(app, c)
}
