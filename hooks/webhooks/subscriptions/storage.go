package subscriptions

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// ErrNotProvisioned: the site has not got the webhook collections.
var ErrNotProvisioned = errors.New("webhook storage is not provisioned")

// Delivery statuses (vocab.DeliveryStatuses()): the outbox writes deliveries pending, the
// sender settles them, and a switch-off fails those still pending.
const (
	DeliveryPending   = "pending"
	DeliverySucceeded = "succeeded"
	DeliveryFailed    = "failed"
)

// Provisioned returns ErrNotProvisioned, wrapping the cause (sql.ErrNoRows for a missing
// collection), unless the site has the webhook collections: events, deliveries and
// subscriptions.
func Provisioned(app core.App) error {
	for _, name := range []string{vocab.WebhookEvents, vocab.WebhookDeliveries, vocab.WebhookSubscriptions} {
		if _, err := app.FindCachedCollectionByNameOrId(name); err != nil {
			return fmt.Errorf("%w: %w", ErrNotProvisioned, err)
		}
	}
	return nil
}
