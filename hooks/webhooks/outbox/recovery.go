package outbox

import (
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/rowid"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// ErrRecoveryWindow means the window of a recovery ends before it starts.
var ErrRecoveryWindow = errors.New("the recovery window ends before it starts")

// missedEvent is an event of a recovery window, with the subscription's delivery of it if any.
type missedEvent struct {
	ID       string         `db:"id"`
	Event    string         `db:"event"`
	Data     types.JSONRaw  `db:"data"`
	Delivery string         `db:"delivery"`
	Status   string         `db:"status"`
	Served   bool           `db:"served"`
	Created  types.DateTime `db:"created"`
}

// Recover queues again what subscription id missed among the events created in [since, until]
// (kept Retention): every event of its types and filter that it did not receive, those whose
// delivery failed for good (queued again under their own delivery id, as Svix's recover does)
// and those that made no delivery (they happened while it was switched off, or before its
// filter or types took them). Pending and delivered events are left alone. The deliveries
// fall due just before now, oldest event first; the caller tells the sender to look for them.
// It returns how many it queued; a switched-off subscription is
// subscriptions.ErrSubscriptionDisabled (re-enable it first). An event its key may not
// receive (MayReceive: unserved content for a browser key) is never queued.
//
// The filter's tags are those of the content now: an event of content deleted since passes a
// tags filter only if its delivery had been written.
func Recover(app core.App, id string, since, until, now time.Time) (int, error) {
	if until.Before(since) {
		return 0, ErrRecoveryWindow
	}
	sub, err := subscriptions.Find(app, id)
	if err != nil {
		return 0, err
	}
	if !sub.GetBool("enabled") {
		return 0, subscriptions.ErrSubscriptionDisabled
	}
	filter, err := subscriptions.FilterOf(sub)
	if err != nil {
		return 0, err
	}
	target := subscriber{ID: sub.Id, Events: sub.GetStringSlice("events"), filter: filter}
	servedOnly, err := keyServedOnly(app, sub.GetString("api_key"))
	if err != nil {
		return 0, err
	}
	from, err := types.ParseDateTime(since)
	if err != nil {
		return 0, err
	}
	to, err := types.ParseDateTime(until)
	if err != nil {
		return 0, err
	}
	queued := 0
	err = app.RunInTransaction(func(tx core.App) error {
		var events []missedEvent
		err := tx.DB().NewQuery("SELECT e.id, e.event, e.data, e.served, e.created, COALESCE(d.id, '') AS delivery, COALESCE(d.status, '') AS status " +
			"FROM " + vocab.WebhookEvents + " e LEFT JOIN " + vocab.WebhookDeliveries + " d " +
			"ON d.event = e.id AND d.subscription = {:sub} " +
			"WHERE e.created >= {:from} AND e.created <= {:to} ORDER BY e.rowid").
			Bind(dbx.Params{"sub": sub.Id, "from": from.String(), "to": to.String()}).All(&events)
		if err != nil {
			return fmt.Errorf("webhooks: events to recover for %s: %w", sub.Id, err)
		}
		var todo []missedEvent
		for _, ev := range events {
			switch {
			case !Receives(servedOnly, ev.Served): // withheld, as at an attempt
			case ev.Status == subscriptions.DeliveryFailed:
				todo = append(todo, ev)
			case ev.Delivery == "" && wants(target, ev.Event) && takesNow(tx, target.filter, ev):
				todo = append(todo, ev)
			}
		}
		for i, ev := range todo {
			// All due at once, the oldest event earliest: the dispatcher starts due deliveries
			// in the order of their next attempt.
			due, err := types.ParseDateTime(now.Add(-time.Duration(len(todo)-i) * time.Millisecond))
			if err != nil {
				return err
			}
			if ev.Delivery != "" {
				_, err = tx.DB().Update(vocab.WebhookDeliveries,
					dbx.Params{"status": subscriptions.DeliveryPending, "attempt": 0, "next_attempt_at": due.String(), "updated": due.String()},
					dbx.HashExp{"id": ev.Delivery}).Execute()
			} else {
				_, err = tx.DB().NewQuery(insertDeliverySQL).Bind(pendingDelivery(rowid.New(now), ev.ID, sub.Id, due.String())).Execute()
			}
			if err != nil {
				return fmt.Errorf("webhooks: queue %s again for %s: %w", ev.ID, sub.Id, err)
			}
		}
		queued = len(todo)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return queued, nil
}

// takesNow applies f to a stored event: its data's collection and, for content, the tags the
// record has now.
func takesNow(app core.App, f subscriptions.Filter, ev missedEvent) bool {
	if f.IsZero() {
		return true
	}
	data, err := wire.DecodeData(ev.Data)
	if err != nil {
		return false
	}
	collection, _ := data["collection"].(string)
	if !subscriptions.IsContent(collection) || len(f.Tags) == 0 {
		return f.Takes(collection, nil, false)
	}
	var tags []string
	if id, _ := data["id"].(string); id != "" {
		if rec, err := app.FindRecordById(collection, id); err == nil {
			tags = subscriptions.ContentTags(rec)
		}
	}
	return f.Takes(collection, tags, true)
}
