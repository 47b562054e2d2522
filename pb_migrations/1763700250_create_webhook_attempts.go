package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(createWebhookAttempts, dropCollection("webhook_attempts"))
}

// createWebhookAttempts creates the history of delivery attempts, one row per attempt;
// deleting a delivery deletes its attempts.
func createWebhookAttempts(app core.App) error {
	deliveries, err := findCollection(app, "webhook_deliveries")
	if err != nil {
		return err
	}
	c := core.NewBaseCollection("webhook_attempts")
	c.Fields.Add(
		&core.RelationField{Name: "delivery", CollectionId: deliveries.Id, Required: true, CascadeDelete: true, MaxSelect: 1},
		&core.DateField{Name: "at", Required: true, Presentable: true, Help: "When the attempt was made."},
		&core.NumberField{Name: "status_code", OnlyInt: true, Help: "HTTP status of the answer; 0 if none."},
		&core.NumberField{Name: "duration_ms", OnlyInt: true, Min: types.Pointer(0.0)},
		&core.TextField{Name: "error", Max: 1000},
		&core.TextField{Name: "response_excerpt", Max: 1000, Help: "Start of the response body."},
		&core.JSONField{Name: "request_headers", MaxSize: 16 << 10, Help: "Headers sent (signatures, never the secret)."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "delivery_at", false, "delivery, at")
	addIndex(c, "at", false, "at")
	return saveCollection(app, c)
}
