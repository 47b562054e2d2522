// Package outbox owns the webhook events: which changes fire which events (event_rules.go,
// their data event_data.go), the outbox that writes them and one delivery per subscription
// that wants each in the transaction of the change, who may receive which event
// (audience.go), the feed the poll and the stream read (event_feed.go), a subscription's
// recovery of what it missed (recovery.go), and the retention of events (prune.go). The sender
// pushes the deliveries it writes.
//
// Collections hooked: posts, projects, pages, purchases, enrollments, testimonials and
// newsletter_subscribers (OnRecordCreateExecute, OnRecordUpdateExecute, OnRecordDeleteExecute;
// hook id ccaWebhooksOutbox). Job: ccaWebhookPrune, every 10 minutes.
package outbox

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/rowid"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Written is a delivery a commit wrote, due at once: what the outbox hands the sender.
type Written struct {
	ID           string // the delivery's
	Subscription string
}

// Outbox writes the events of a change, and one delivery per subscription that wants each,
// in the transaction of the change: both commit or neither does.
type Outbox struct {
	app   core.App
	now   func() time.Time
	offer func([]Written) // hands the deliveries of a commit to the sender, after the commit
	// eventsWritten, when set, is told how many events each commit wrote.
	eventsWritten func(n int)
}

// Bind hooks the outbox into app (bind) and schedules the prune job. now is the clock of the
// events; offer is given the deliveries of each commit once it has committed; eventsWritten,
// when not nil, is told how many events each commit wrote (the metrics).
func Bind(app core.App, now func() time.Time, offer func([]Written), eventsWritten func(n int)) *Outbox {
	o := &Outbox{app: app, now: now, offer: offer, eventsWritten: eventsWritten}
	o.bind(app)
	bindPrune(app, o.Prune)
	return o
}

// AnnouncePublished writes the content.published event of rec, a scheduled record whose time
// has come, and its deliveries with txApp (the publish job's transaction).
func (o *Outbox) AnnouncePublished(txApp core.App, rec *core.Record) error {
	return o.write(txApp, rec, []event{{vocab.EventContentPublished, contentData(rec), content.Served(rec, o.now())}})
}

// AnnounceNewsletterSent writes the newsletter.sent event of send, a newsletter send that
// finished, with data (its counts, no addresses).
func (o *Outbox) AnnounceNewsletterSent(txApp core.App, send *core.Record, data map[string]any) error {
	return o.write(txApp, send, []event{{vocab.EventNewsletterSent, data, true}})
}

// Prune deletes events older than Retention, and their deliveries; the cron job calls it
// every 10 minutes. It returns the number of events deleted.
func (o *Outbox) Prune() (int, error) { return prune(o.app, o.now()) }

// bind hooks the outbox into the Execute step of every save and delete of the source
// collections. The Execute hooks run for every writer (our API, PocketBase's records API and
// dashboard, /api/batch, Go code); a handler that opens or joins the transaction there makes
// the INSERT/UPDATE/DELETE further down the chain, and the outbox rows after it, one unit.
func (o *Outbox) bind(app core.App) {
	app.OnRecordCreateExecute(subscriptions.SourceCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksOutbox, Priority: hookorder.WebhooksOutboxPriority, Func: o.handler(changeCreate)})
	app.OnRecordUpdateExecute(subscriptions.SourceCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksOutbox, Priority: hookorder.WebhooksOutboxPriority, Func: o.handler(changeUpdate)})
	app.OnRecordDeleteExecute(subscriptions.SourceCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksOutbox, Priority: hookorder.WebhooksOutboxPriority, Func: o.handler(changeDelete)})
}

func (o *Outbox) handler(kind change) func(e *core.RecordEvent) error {
	return func(e *core.RecordEvent) error {
		orig := e.App
		defer func() { e.App = orig }() // After*Success handlers must not see the finished tx app
		// Joins the caller's transaction if there is one. Inside, only txApp may be used: a
		// write through the outer app would wait for the writer connection this tx holds.
		return orig.RunInTransaction(func(txApp core.App) error {
			e.App = txApp
			var before *core.Record
			if kind == changeUpdate && needsPriorState(e.Record.Collection().Name) {
				prior, err := txApp.FindRecordById(e.Record.Collection(), e.Record.Id)
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					return fmt.Errorf("webhooks: load %s %s before update: %w", e.Record.Collection().Name, e.Record.Id, err)
				}
				before = prior
			}
			if kind != changeDelete {
				markCompletion(e.Record, before)
			}
			if err := e.Next(); err != nil {
				return err
			}
			if quiet(e.Context) {
				return nil
			}
			return o.write(txApp, e.Record, eventsFor(kind, e.Record, before, o.now()))
		})
	}
}

// insertDeliverySQL adds one pending delivery, due at once. The values are ours and valid, and
// no hook is bound to deliveries: a prepared INSERT, not a record save, since a post fans out
// to every subscription inside the write's transaction, on the single writer connection.
const insertDeliverySQL = "INSERT INTO {{" + vocab.WebhookDeliveries + "}} " +
	"([[id]], [[event]], [[subscription]], [[status]], [[attempt]], [[next_attempt_at]], [[created]], [[updated]]) " +
	"VALUES ({:id}, {:event}, {:subscription}, {:status}, 0, {:at}, {:at}, {:at})"

// pendingDelivery are insertDeliverySQL's values of a delivery of event to sub, due at. Whether
// its key may receive it (MayReceive) is decided at its attempt, as the poll decides when it
// reads an event: a key that changed meanwhile gets what it may receive then.
func pendingDelivery(id, event, sub, at string) dbx.Params {
	return dbx.Params{"id": id, "event": event, "subscription": sub, "status": subscriptions.DeliveryPending, "at": at}
}

// write stores events, fired by a change of rec, and their deliveries with txApp: one per
// enabled subscription whose events and filter take it. A site without the webhook
// collections gets no events, and its content writes still work.
func (o *Outbox) write(txApp core.App, rec *core.Record, events []event) error {
	if len(events) == 0 {
		return nil
	}
	evCol, err := outboxCollections(txApp)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	subs, err := enabledSubscriptions(txApp)
	if err != nil {
		return err
	}
	at, err := types.ParseDateTime(o.now())
	if err != nil {
		return fmt.Errorf("webhooks: event time: %w", err)
	}
	var insert *dbx.Query // prepared at the first delivery
	defer func() {
		if insert != nil {
			insert.Close()
		}
	}()
	collection, tags, tagged := rec.Collection().Name, subscriptions.ContentTags(rec), subscriptions.IsContent(rec.Collection().Name)
	var written []Written
	for _, ev := range events {
		evRec := core.NewRecord(evCol)
		evRec.Id = rowid.New(at.Time()) // ids in time order: the id index grows at its end (package rowid)
		evRec.Set("event", ev.name)
		evRec.Set("data", ev.data)
		evRec.Set("served", ev.served)
		stamp(evRec, at)
		// The values are ours and valid; skipping validation saves a query per relation.
		if err := txApp.SaveNoValidate(evRec); err != nil {
			return fmt.Errorf("webhooks: write %s event: %w", ev.name, err)
		}
		for _, sub := range subs {
			if !wants(sub, ev.name) || !sub.filter.Takes(collection, tags, tagged) {
				continue
			}
			if insert == nil {
				if insert = txApp.DB().NewQuery(insertDeliverySQL).Prepare(); insert.LastError != nil {
					return fmt.Errorf("webhooks: prepare delivery insert: %w", insert.LastError)
				}
			}
			id := rowid.New(at.Time()) // in time order, as the event's
			_, err := insert.Bind(pendingDelivery(id, evRec.Id, sub.ID, at.String())).Execute()
			if err != nil {
				return fmt.Errorf("webhooks: write delivery of %s to %s: %w", ev.name, sub.ID, err)
			}
			written = append(written, Written{ID: id, Subscription: sub.ID})
		}
	}
	if tx := txApp.TxInfo(); tx != nil {
		tx.OnComplete(func(txErr error) error {
			if txErr == nil {
				if o.eventsWritten != nil {
					o.eventsWritten(len(events))
				}
				if len(written) > 0 {
					o.offer(written) // attempted at once, not at the next tick or scan
				}
			}
			return nil
		})
	}
	return nil
}

// outboxCollections returns the events collection, or an error wrapping sql.ErrNoRows when
// the site has not got it, the deliveries or the subscriptions.
func outboxCollections(app core.App) (*core.Collection, error) {
	if err := subscriptions.Provisioned(app); err != nil {
		return nil, err
	}
	return app.FindCachedCollectionByNameOrId(vocab.WebhookEvents)
}

// subscriber is what the outbox reads of an enabled subscription: every write reads them all,
// so three columns, not records.
type subscriber struct {
	ID     string                  `db:"id"`
	Events types.JSONArray[string] `db:"events"`
	Filter types.JSONRaw           `db:"filter"`
	filter subscriptions.Filter
}

func enabledSubscriptions(app core.App) ([]subscriber, error) {
	var subs []subscriber
	err := app.DB().Select("id", "events", "filter").From(vocab.WebhookSubscriptions).
		Where(dbx.HashExp{"enabled": true}).All(&subs)
	if err != nil {
		return nil, fmt.Errorf("webhooks: list subscriptions: %w", err)
	}
	for i := range subs {
		// The rules refused any other on save; one written past them (raw SQL) filters
		// nothing rather than dropping events.
		subs[i].filter, _ = subscriptions.ParseFilter(subs[i].Filter)
	}
	return subs, nil
}

// wants reports whether sub takes events of name; no events listed means all of them.
func wants(sub subscriber, name string) bool {
	return len(sub.Events) == 0 || slices.Contains(sub.Events, name)
}

// stamp sets created and updated to the injected clock's time; PocketBase keeps a value set
// with SetRaw instead of its own clock.
func stamp(rec *core.Record, at types.DateTime) {
	rec.SetRaw("created", at)
	rec.SetRaw("updated", at)
}
