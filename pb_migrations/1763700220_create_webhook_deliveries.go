package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(createWebhookDeliveries, dropCollection("webhook_deliveries"))
}

// createWebhookDeliveries creates one delivery per (event, subscription) with its retry state;
// deleting the event or the subscription deletes its deliveries.
func createWebhookDeliveries(app core.App) error {
	events, err := findCollection(app, "webhook_events")
	if err != nil {
		return err
	}
	subs, err := findCollection(app, "webhook_subscriptions")
	if err != nil {
		return err
	}
	c := core.NewBaseCollection("webhook_deliveries")
	c.Fields.Add(
		&core.RelationField{Name: "event", CollectionId: events.Id, Required: true, CascadeDelete: true, MaxSelect: 1},
		&core.RelationField{Name: "subscription", CollectionId: subs.Id, Required: true, CascadeDelete: true, MaxSelect: 1},
		&core.SelectField{Name: "status", Values: []string{"pending", "succeeded", "failed"}, MaxSelect: 1, Required: true, Presentable: true},
		&core.NumberField{Name: "attempt", OnlyInt: true, Min: types.Pointer(0.0), Help: "Attempts made so far."},
		&core.DateField{Name: "next_attempt_at", Help: "When a pending delivery is tried next."},
		&core.NumberField{Name: "last_status_code", OnlyInt: true, Help: "HTTP status of the last attempt; 0 if none."},
		&core.NumberField{Name: "last_duration_ms", OnlyInt: true, Min: types.Pointer(0.0)},
		&core.TextField{Name: "last_error", Max: 1000},
		&core.TextField{Name: "response_excerpt", Max: 1000, Help: "Start of the last response body."},
		&core.DateField{Name: "delivered_at"},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "status_next_attempt_at", false, "status, next_attempt_at")
	addIndex(c, "subscription_created", false, "subscription, created")
	addIndex(c, "created", false, "created")
	return saveCollection(app, c)
}
