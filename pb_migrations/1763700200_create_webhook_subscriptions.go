package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(createWebhookSubscriptions, dropCollection("webhook_subscriptions"))
}

// createWebhookSubscriptions creates the registered webhook endpoints; the signing secret is
// hidden from JSON and shown to the client only once, at registration.
func createWebhookSubscriptions(app core.App) error {
	c := core.NewBaseCollection("webhook_subscriptions")
	c.Fields.Add(
		&core.URLField{Name: "url", Required: true, Presentable: true},
		&core.SelectField{
			Name: "events",
			Values: []string{
				"content.created", "content.updated", "content.deleted", "content.published",
				"purchase.completed", "course.enrolled", "course.completed",
				"testimonial.submitted", "newsletter.subscribe",
			},
			MaxSelect: 9,
			Help:      "Events to deliver; empty means all events.",
		},
		&core.TextField{Name: "description", Max: 500},
		&core.TextField{Name: "secret", Hidden: true, Required: true, Help: "Signing secret (whsec_...)."},
		&core.BoolField{Name: "enabled", Help: "Disabled subscriptions receive no deliveries."},
		&core.NumberField{Name: "failure_count", OnlyInt: true, Min: types.Pointer(0.0), Help: "Consecutive failed deliveries."},
		&core.TextField{Name: "disabled_reason", Max: 200, Help: "Why the service switched the subscription off, e.g. 410 Gone."},
	)
	c.Fields.Add(timestampFields()...)
	return saveCollection(app, c)
}
