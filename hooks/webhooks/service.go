// Package webhooks is the entry point of push webhooks and the events behind them (their
// names and catalogue are hooks/vocab/events.go): Bind wires the three packages that do the
// work, and Service and the `webhooks` command are what the routes, the jobs and the console
// call. Package outbox owns the events and the outbox, package sender pushes the deliveries,
// package subscriptions owns the subscriptions; the wire format and the guarded client are in
// package wire, `webhooks listen` in package listen.
package webhooks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/sender"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Sentinel errors of the webhook operations, whichever package returns them; the API turns
// them into responses (errors.Is).
var (
	// ErrNotProvisioned: the site has not got the webhook collections.
	ErrNotProvisioned = subscriptions.ErrNotProvisioned
	// ErrSubscriptionNotFound: no subscription has that id.
	ErrSubscriptionNotFound = subscriptions.ErrSubscriptionNotFound
	// ErrSubscriptionDisabled: the subscription is switched off, so nothing is pushed to it
	// until the owner re-enables it.
	ErrSubscriptionDisabled = subscriptions.ErrSubscriptionDisabled
	// ErrSubscriptionLimit: the site holds as many subscriptions as its settings allow.
	ErrSubscriptionLimit = subscriptions.ErrSubscriptionLimit
	// ErrPersonalDataForBrowserKey: a browser key asked for events that carry personal data.
	ErrPersonalDataForBrowserKey = outbox.ErrPersonalDataForBrowserKey
	// ErrEventUnknown: no stored event has the id a stream was asked to resume after.
	ErrEventUnknown = outbox.ErrEventUnknown
	// ErrRecoveryWindow: the window of a recovery ends before it starts.
	ErrRecoveryWindow = outbox.ErrRecoveryWindow
	// ErrDeliveryNotFound: no delivery has that id.
	ErrDeliveryNotFound = errors.New("webhook delivery not found")
)

// Service is the handle of the webhook machinery bound to an app: the dispatcher (started
// when the app serves, stopped when it terminates), the outbox and its prune job.
type Service struct {
	app    core.App
	cfg    Config
	d      *sender.Dispatcher
	outbox *outbox.Outbox
}

// Bind wires the outbox hooks and its prune job, the subscription rules, state and key
// revocation hooks, and the dispatcher with its key gate to app. A write's way to its
// receivers:
//
//  1. outbox/outbox.go, in the write's transaction: the events the change fires
//     (outbox/event_rules.go; the events' catalogue is vocab/events.go, their data
//     outbox/event_data.go) and one delivery per subscription that wants each (its events and
//     filter: subscriptions/subscription_filter.go); after the commit it offers their ids to
//     the dispatcher;
//  2. sender/dispatcher.go runs the loop; each pass (sender/dispatch_pass.go) starts due
//     deliveries within the worker limits, from the ready queue (sender/ready_queue.go) or a
//     scan of the database (sender/due_deliveries.go), and holds those of a subscription whose
//     key could not register it now (sender/paused_by_key.go);
//  3. sender/delivery_worker.go makes one attempt (sender/delivery_attempt.go; signed and
//     sent by package wire) and hands the result to sender/attempt_recorder.go, which records
//     results in batches (sender/attempt_results.go): delivered, retried later
//     (sender/delivery_outcome.go) or failed, and the attempt's history
//     (sender/attempt_history.go); a subscription switched off on the way fails its pending
//     deliveries and its owner is mailed (subscriptions/subscription_state.go).
//
// What the dispatcher holds in memory meanwhile, and each change to it (queued, taken,
// claimed, slow, over, settled), is one type: senderState in sender/sender_state.go.
func Bind(app core.App, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{app: app, cfg: cfg, d: sender.Bind(app, cfg.Config, cfg.Observer.Attempt)}
	s.outbox = outbox.Bind(app, cfg.Now, s.d.Offer, cfg.Observer.EventsWritten)
	subscriptions.Bind(app, cfg.Now)
	return s
}

// AnnouncePublished writes the content.published event of rec, a scheduled record whose time
// has come, and its deliveries with txApp (the publish job's transaction).
func (s *Service) AnnouncePublished(txApp core.App, rec *core.Record) error {
	return s.outbox.AnnouncePublished(txApp, rec)
}

// AnnounceNewsletterSent writes the newsletter.sent event of send, a newsletter send that
// finished, with data (its counts, no addresses).
func (s *Service) AnnounceNewsletterSent(txApp core.App, send *core.Record, data map[string]any) error {
	return s.outbox.AnnounceNewsletterSent(txApp, send, data)
}

// RunDue attempts every delivery due by the injected clock, waits until they (and any the
// background loop started) are done, and repeats until nothing due is left. It returns the
// number of attempts it made. Tests drive the dispatcher with it instead of waiting.
func (s *Service) RunDue(ctx context.Context) (int, error) { return s.d.RunDue(ctx) }

// Prune deletes events older than outbox.Retention, and their deliveries; the cron job calls it
// every 10 minutes. It returns the number of events deleted.
func (s *Service) Prune() (int, error) { return s.outbox.Prune() }

// SendTest sends a signed "ping" event to a subscription at once and returns the result. A
// test delivery is not stored, not retried and does not count toward the subscription's
// failures; it is sent even to a switched-off subscription, so the owner can check the
// receiver before re-enabling it.
func (s *Service) SendTest(ctx context.Context, subscriptionID string) (wire.Result, error) {
	sub, err := subscriptions.Find(s.app, subscriptionID)
	if err != nil {
		return wire.Result{}, err
	}
	now := s.cfg.Now()
	msg := wire.Message{
		DeliveryID: wire.DeliveryIDPrefix + core.GenerateDefaultRandomId(),
		EventID:    wire.EventIDPrefix + core.GenerateDefaultRandomId(),
		Event:      vocab.EventPing,
		Timestamp:  now,
		Data:       map[string]any{"subscription_id": sub.Id, "test": true},
	}
	allowPrivate, err := subscriptions.AllowPrivateWebhooks(s.app)
	if err != nil { // false: the guard fails closed
		s.app.Logger().Error("webhooks: read site settings", "error", err)
	}
	res, _ := s.d.Send(ctx, msg, sub.GetString("url"), sub.GetString("secret"), allowPrivate) // not stored: no history
	return res, nil
}

// Redeliver makes a delivery (id with or without "dlv_") pending again with a fresh schedule
// of attempts, the first at once, and wakes the dispatcher. The delivery keeps its id, so the
// receiver can recognise a repeat.
func (s *Service) Redeliver(id string) (*core.Record, error) {
	if err := subscriptions.Provisioned(s.app); err != nil {
		return nil, err
	}
	id = strings.TrimPrefix(id, wire.DeliveryIDPrefix)
	dlv, err := s.app.FindRecordById(vocab.WebhookDeliveries, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDeliveryNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: find delivery %s: %w", id, err)
	}
	sub, err := subscriptions.Find(s.app, dlv.GetString("subscription"))
	if err != nil {
		return nil, err
	}
	if !sub.GetBool("enabled") {
		return nil, ErrSubscriptionDisabled
	}
	dlv.Set("status", subscriptions.DeliveryPending)
	dlv.Set("attempt", 0)
	dlv.Set("next_attempt_at", s.cfg.Now())
	if err := s.app.Save(dlv); err != nil {
		return nil, fmt.Errorf("webhooks: redeliver %s: %w", id, err)
	}
	s.d.Rescan()
	return dlv, nil
}

// Recover queues again what subscription id missed among the events created in [since,
// until] (outbox.Recover) and wakes the dispatcher to push them. It returns how many it
// queued.
func (s *Service) Recover(id string, since, until time.Time) (int, error) {
	n, err := outbox.Recover(s.app, id, since, until, s.cfg.Now())
	if n > 0 {
		s.d.Rescan()
	}
	return n, err
}

// Backlog reads what waits to be delivered (sender.Backlog).
func (s *Service) Backlog() (sender.Backlog, error) { return s.d.Backlog() }

// PausedReasons maps each subscription whose pushes are held now, because the key that
// registered it could not register it now, to the reason (sender.PausedKey…).
func (s *Service) PausedReasons() (map[string]string, error) { return s.d.PausedReasons() }
