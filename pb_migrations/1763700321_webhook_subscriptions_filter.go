package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addWebhookSubscriptionsFilter, dropWebhookSubscriptionsFilter)
}

// addWebhookSubscriptionsFilter gives subscriptions an optional filter: the collections and
// the content tags of the events they take (hooks/webhooks checks its shape on every save).
func addWebhookSubscriptionsFilter(app core.App) error {
	c, err := findCollection(app, "webhook_subscriptions")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.JSONField{
		Name:    "filter",
		MaxSize: 8192,
		Help:    `Optional: {"collections": ["posts", …], "tags": ["newsletter", …]}. Pushed only when data.collection is listed and, for content, the content has one of the tags (any case). Empty: every event of its types.`,
	})
	return saveCollection(app, c)
}

// dropWebhookSubscriptionsFilter removes the field again, and its values with it.
func dropWebhookSubscriptionsFilter(app core.App) error {
	c, err := findCollection(app, "webhook_subscriptions")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("filter")
	return saveCollection(app, c)
}
