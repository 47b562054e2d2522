package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createWebhookEvents, dropCollection("webhook_events"))
}

// createWebhookEvents creates the event outbox: one record per event, written in the same
// transaction as the change it describes, read by the sender and the poll endpoint.
func createWebhookEvents(app core.App) error {
	c := core.NewBaseCollection("webhook_events")
	c.Fields.Add(
		&core.SelectField{
			Name: "event",
			Values: []string{
				"content.created", "content.updated", "content.deleted", "content.published",
				"purchase.completed", "course.enrolled", "course.completed",
				"testimonial.submitted", "newsletter.subscribe",
			},
			MaxSelect:   1,
			Required:    true,
			Presentable: true,
		},
		&core.JSONField{Name: "data", Help: "The event payload's data object."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "event_created_id", false, "event, created, id")
	addIndex(c, "created", false, "created")
	return saveCollection(app, c)
}
