package outbox

import (
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Retention is how long events (and their deliveries) are kept: the spec's 7 days of polling.
const Retention = 7 * 24 * time.Hour

// pruneBatch is how many events one prune statement deletes: each batch is its own short
// write, so writers waiting for the connection are not held up for long.
const pruneBatch = 500

// pruneJobID is the id of the cron job (listed in the dashboard under /api/crons).
const pruneJobID = "ccaWebhookPrune"

// bindPrune schedules the pruning every 10 minutes.
func bindPrune(app core.App, prune func() (int, error)) {
	app.Cron().MustAdd(pruneJobID, "*/10 * * * *", func() {
		if _, err := prune(); err != nil {
			app.Logger().Error("webhooks: prune old events", "error", err)
		}
	})
}

// prune deletes the events older than Retention at now, their deliveries and the deliveries'
// attempts, in batches of pruneBatch. It returns how many events it deleted. Raw deletes do
// not cascade, so the attempts of a batch go first, then its deliveries.
func prune(app core.App, now time.Time) (int, error) {
	if _, err := outboxCollections(app); err != nil {
		return 0, nil
	}
	cut, err := types.ParseDateTime(now.Add(-Retention))
	if err != nil {
		return 0, err
	}
	total := 0
	for {
		var ids []any
		err := app.DB().Select("id").From(vocab.WebhookEvents).
			Where(dbx.NewExp("[[created]] < {:cut}", dbx.Params{"cut": cut.String()})).
			OrderBy("created").
			Limit(pruneBatch).
			Column(&ids)
		if err != nil {
			return total, fmt.Errorf("list old events: %w", err)
		}
		if len(ids) == 0 {
			return total, nil
		}
		if err := deleteAttemptsOfEvents(app, ids); err != nil {
			return total, err
		}
		if _, err := app.DB().Delete(vocab.WebhookDeliveries, dbx.In("event", ids...)).Execute(); err != nil {
			return total, fmt.Errorf("delete old deliveries: %w", err)
		}
		if _, err := app.DB().Delete(vocab.WebhookEvents, dbx.In("id", ids...)).Execute(); err != nil {
			return total, fmt.Errorf("delete old events: %w", err)
		}
		total += len(ids)
		if len(ids) < pruneBatch {
			return total, nil
		}
	}
}

// deleteAttemptsOfEvents deletes the attempts of the deliveries of events ids, in one statement.
func deleteAttemptsOfEvents(app core.App, ids []any) error {
	params := make(dbx.Params, len(ids))
	placeholders := make([]string, len(ids))
	for i, id := range ids {
		name := fmt.Sprintf("e%d", i)
		params[name] = id
		placeholders[i] = "{:" + name + "}"
	}
	_, err := app.DB().NewQuery("DELETE FROM {{" + vocab.WebhookAttempts + "}} WHERE [[delivery]] IN " +
		"(SELECT [[id]] FROM {{" + vocab.WebhookDeliveries + "}} WHERE [[event]] IN (" +
		strings.Join(placeholders, ", ") + "))").Bind(params).Execute()
	if err != nil {
		return fmt.Errorf("delete old attempts: %w", err)
	}
	return nil
}
