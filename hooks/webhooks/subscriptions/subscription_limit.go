package subscriptions

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// DefaultMaxSubscriptions is the cap on a site's subscriptions when its settings name none
// (site_settings.webhooks_max empty or 0).
const DefaultMaxSubscriptions = 100

// ErrSubscriptionLimit: the site holds as many subscriptions as its settings allow; a new one
// needs another deleted first (or a higher site_settings.webhooks_max). Every write is pushed
// to each subscription, so an unbounded number would let one key make every write slow.
var ErrSubscriptionLimit = errors.New("the site's webhook subscriptions are at their limit")

// checkSubscriptionLimit returns ErrSubscriptionLimit when txApp's site holds more than its
// maximum of subscriptions, switched off ones included, counting the one the caller has just
// saved in its write transaction (which the error then rolls back).
func checkSubscriptionLimit(txApp core.App) error {
	limit, err := maxSubscriptions(txApp)
	if err != nil {
		return err
	}
	n, err := txApp.CountRecords(vocab.WebhookSubscriptions)
	if err != nil {
		return fmt.Errorf("webhooks: count subscriptions: %w", err)
	}
	if n > int64(limit) {
		return fmt.Errorf("%w (%d)", ErrSubscriptionLimit, limit)
	}
	return nil
}

// maxSubscriptions is the site's webhooks_max, or DefaultMaxSubscriptions when it is unset.
func maxSubscriptions(app core.App) (int, error) {
	var limit sql.NullInt64
	err := app.DB().Select("webhooks_max").From(vocab.SiteSettings).
		OrderBy("created", "id").Limit(1).Row(&limit)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("webhooks: read %s: %w", vocab.SiteSettings, err)
	}
	if !limit.Valid || limit.Int64 <= 0 {
		return DefaultMaxSubscriptions, nil
	}
	return int(limit.Int64), nil
}
