package sender

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// updateDeliverySQL advances one delivery after an attempt; delivered_at changes only on
// success. The values are ours and valid, so the record machinery (validation, hooks: none is
// bound to deliveries) is skipped, as failPending does.
const updateDeliverySQL = "UPDATE {{" + vocab.WebhookDeliveries + "}} SET " +
	"[[attempt]] = {:attempt}, [[status]] = {:status}, [[next_attempt_at]] = {:next}, " +
	"[[last_status_code]] = {:code}, [[last_duration_ms]] = {:ms}, [[last_error]] = {:error}, " +
	"[[response_excerpt]] = {:excerpt}, " +
	"[[delivered_at]] = CASE WHEN {:delivered} THEN {:at} ELSE [[delivered_at]] END, [[updated]] = {:at} " +
	"WHERE [[id]] = {:id}"

// takeWriteLockSQL changes nothing but makes the transaction a writer from its first
// statement. A transaction that reads first and then writes cannot wait for another
// process's commit made in between: SQLite answers SQLITE_BUSY_SNAPSHOT (517, "database is
// locked") at once, without the busy timeout. Taking the lock first waits for it instead.
const takeWriteLockSQL = "UPDATE {{" + vocab.WebhookDeliveries + "}} SET [[id]] = [[id]] WHERE 0"

// deliveryRow is what recording reads of a delivery.
type deliveryRow struct {
	ID           string `db:"id"`
	Subscription string `db:"subscription"`
	Status       string `db:"status"`
	Attempt      int    `db:"attempt"`
}

// subscriptionRow is what recording reads of a subscription, and what the batch did to it.
type subscriptionRow struct {
	ID           string `db:"id"`
	FailureCount int    `db:"failure_count"`
	changed      bool   // failure_count or the switch-off is to be saved
	switchOff    string // the reason it is switched off, if it is
}

// recordResults advances the deliveries of batch, in its order, adds each attempt to its
// delivery's history, and then saves the subscriptions whose consecutive failures changed or
// which are switched off: after the deliveries, so that the switch-off hook, which fails the
// pending deliveries of the subscription, finds those of the batch already settled. A
// delivery no longer pending (switched off, or deleted, meanwhile) is left alone, as are the
// later results of a subscription the batch switched off: its switch-off fails them.
// It reports whether it scheduled a retry.
func recordResults(txApp core.App, batch []finished) (retries bool, err error) {
	if _, err := txApp.DB().NewQuery(takeWriteLockSQL).Execute(); err != nil {
		return false, fmt.Errorf("take the write lock: %w", err)
	}
	dlvs, subs, err := loadRecordingState(txApp, batch)
	if err != nil {
		return false, err
	}
	update := txApp.DB().NewQuery(updateDeliverySQL).Prepare()
	if update.LastError != nil {
		return false, fmt.Errorf("prepare delivery update: %w", update.LastError)
	}
	defer update.Close()
	history, err := newAttemptHistory(txApp)
	if err != nil {
		return false, err
	}
	defer history.close()

	var changed []*subscriptionRow // in the order of their first change
	for _, f := range batch {
		d, ok := dlvs[f.id]
		if !ok || d.Status != subscriptions.DeliveryPending {
			continue
		}
		s, ok := subs[d.Subscription]
		if !ok || s.switchOff != "" {
			continue
		}
		at, err := types.ParseDateTime(f.at)
		if err != nil {
			return false, err
		}
		o := advance(d.Attempt+1, s.FailureCount, f.res, f.at)
		var next types.DateTime // empty when there is no next attempt
		if !o.next.IsZero() {
			if next, err = types.ParseDateTime(o.next); err != nil {
				return false, err
			}
			retries = true
		}
		_, err = update.Bind(dbx.Params{
			"id": f.id, "attempt": d.Attempt + 1, "status": o.status, "next": next.String(),
			"code": f.res.StatusCode, "ms": f.res.Duration.Milliseconds(),
			"error": clipText(f.res.Err, maxStoredText), "excerpt": clipText(f.res.ResponseExcerpt, maxStoredText),
			"delivered": o.delivered, "at": at.String(),
		}).Execute()
		if err != nil {
			return false, fmt.Errorf("save delivery %s: %w", f.id, err)
		}
		if err := history.add(f.id, at, f.res, f.sent); err != nil {
			return false, err
		}
		if o.failures != s.FailureCount || o.switchOff != "" {
			if !s.changed {
				changed = append(changed, s)
			}
			s.changed, s.FailureCount, s.switchOff = true, o.failures, o.switchOff
		}
	}
	for _, s := range changed {
		if err := saveSubscriptionState(txApp, s); err != nil {
			return false, err
		}
	}
	return retries, nil
}

// loadRecordingState reads the deliveries of batch and their subscriptions, by id.
func loadRecordingState(txApp core.App, batch []finished) (map[string]*deliveryRow, map[string]*subscriptionRow, error) {
	ids := make([]any, len(batch))
	for i, f := range batch {
		ids[i] = f.id
	}
	var drows []*deliveryRow
	err := txApp.DB().Select("id", "subscription", "status", "attempt").
		From(vocab.WebhookDeliveries).Where(dbx.In("id", ids...)).All(&drows)
	if err != nil {
		return nil, nil, fmt.Errorf("load deliveries: %w", err)
	}
	dlvs := make(map[string]*deliveryRow, len(drows))
	var subIDs []any
	seen := map[string]bool{}
	for _, d := range drows {
		dlvs[d.ID] = d
		if !seen[d.Subscription] {
			seen[d.Subscription] = true
			subIDs = append(subIDs, d.Subscription)
		}
	}
	subs := make(map[string]*subscriptionRow, len(subIDs))
	if len(subIDs) == 0 {
		return dlvs, subs, nil
	}
	var srows []*subscriptionRow
	err = txApp.DB().Select("id", "failure_count").
		From(vocab.WebhookSubscriptions).Where(dbx.In("id", subIDs...)).All(&srows)
	if err != nil {
		return nil, nil, fmt.Errorf("load subscriptions: %w", err)
	}
	for _, s := range srows {
		subs[s.ID] = s
	}
	return dlvs, subs, nil
}

// saveSubscriptionState saves what a batch did to a subscription through the record, so that
// its hooks run: the switch-off hook fails the subscription's pending deliveries.
func saveSubscriptionState(txApp core.App, s *subscriptionRow) error {
	sub, err := txApp.FindRecordById(vocab.WebhookSubscriptions, s.ID)
	if err != nil {
		return fmt.Errorf("load subscription %s: %w", s.ID, err)
	}
	sub.Set("failure_count", s.FailureCount)
	if s.switchOff != "" {
		sub.Set("enabled", false)
		sub.Set("disabled_reason", s.switchOff)
	}
	// Our values are valid; a validation failure here must not keep the deliveries due.
	if err := txApp.SaveNoValidate(sub); err != nil {
		return fmt.Errorf("save subscription %s: %w", s.ID, err)
	}
	return nil
}
