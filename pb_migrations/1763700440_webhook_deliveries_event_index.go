package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(indexDeliveriesByEvent, indexDeliveriesByCreated)
}

// indexDeliveriesByEvent indexes webhook_deliveries by event in place of created. The prune
// job deletes the deliveries of each batch of old events (event IN …), and their attempts
// through them, as deleting an event through PocketBase cascades to its deliveries: without
// the index each batch read the whole table. No query reads deliveries by created alone (a
// subscription's list uses (subscription, created)), and event ids are in time order
// (hooks/rowid), so the new index grows at its end as the old one did.
func indexDeliveriesByEvent(app core.App) error {
	c, err := findCollection(app, "webhook_deliveries")
	if err != nil {
		return err
	}
	c.RemoveIndex("idx_webhook_deliveries_created")
	c.AddIndex("idx_webhook_deliveries_event", false, "event", "")
	return saveCollection(app, c)
}

func indexDeliveriesByCreated(app core.App) error {
	c, err := findCollection(app, "webhook_deliveries")
	if err != nil {
		return err
	}
	c.RemoveIndex("idx_webhook_deliveries_event")
	c.AddIndex("idx_webhook_deliveries_created", false, "created", "")
	return saveCollection(app, c)
}
