package sender

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// withhold marks j's delivery failed with outbox.WithheldUnserved, never attempted: its key
// became a browser key after the fan-out wrote it pending. A failure to record it leaves it
// pending, and the next pass withholds it again.
func (d *Dispatcher) withhold(j job) {
	at, err := types.ParseDateTime(d.now())
	if err == nil {
		_, err = d.app.DB().Update(vocab.WebhookDeliveries,
			dbx.Params{"status": subscriptions.DeliveryFailed, "last_error": outbox.WithheldUnserved, "next_attempt_at": "", "updated": at.String()},
			dbx.HashExp{"id": j.ID, "status": subscriptions.DeliveryPending}).Execute()
	}
	if err != nil {
		d.app.Logger().Error("webhooks: withhold a delivery", "delivery", j.ID, "error", err)
		d.st.needRows()
	}
}
