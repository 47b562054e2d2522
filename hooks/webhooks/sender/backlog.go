package sender

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Backlog is what waits to be delivered.
type Backlog struct {
	Pending int       // deliveries not yet delivered nor failed for good
	Oldest  time.Time // when the oldest of them was created; zero when none waits
}

// Backlog reads the pending deliveries (an index covers the query).
func (d *Dispatcher) Backlog() (Backlog, error) {
	var row struct {
		Pending int    `db:"pending"`
		Oldest  string `db:"oldest"`
	}
	err := d.app.ConcurrentDB().Select("COUNT(*) AS pending", "COALESCE(MIN([[created]]), '') AS oldest").
		From(vocab.WebhookDeliveries).
		Where(dbx.HashExp{"status": subscriptions.DeliveryPending}).One(&row)
	if err != nil {
		return Backlog{}, err
	}
	b := Backlog{Pending: row.Pending}
	if row.Oldest != "" {
		at, err := types.ParseDateTime(row.Oldest)
		if err != nil {
			return Backlog{}, err
		}
		b.Oldest = at.Time()
	}
	return b, nil
}
