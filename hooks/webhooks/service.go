// Package webhooks owns push webhooks and the events behind them (their names and catalogue
// are hooks/vocab/events.go): what fires them, the outbox that writes events and deliveries in the transaction of the
// change (posts, projects, pages, purchases, enrollments, testimonials,
// newsletter_subscribers), the dispatcher that pushes due deliveries with retries, the
// attempt history and its stats, the subscriptions (created, updated and deleted through this
// package by the API and the console; every save, the dashboard's too, keeps the
// registration rules; a registration counts against the site's cap), who may receive which
// event (audience.go), the switch-off of a revoked key's subscriptions and the hold of the
// pushes of a key that could not register them now (key_gate.go), the cron job
// ccaWebhookPrune that drops events after 7 days, and the `webhooks` command. The wire format
// and the guarded client are in package wire.
package webhooks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Sentinel errors of the webhook operations; the API turns them into responses.
var (
	// ErrNotProvisioned: the site has not got the webhook collections.
	ErrNotProvisioned = errors.New("webhook storage is not provisioned")
	// ErrSubscriptionNotFound: no subscription has that id.
	ErrSubscriptionNotFound = errors.New("webhook subscription not found")
	// ErrDeliveryNotFound: no delivery has that id.
	ErrDeliveryNotFound = errors.New("webhook delivery not found")
	// ErrSubscriptionDisabled: the delivery's subscription is switched off, so nothing is
	// pushed to it until the owner re-enables it.
	ErrSubscriptionDisabled = errors.New("webhook subscription is switched off")
)

// dispatcherHookID identifies the dispatcher's serve and terminate handlers.
const dispatcherHookID = "cca.webhooks.dispatcher"

// Service is the handle of the webhook machinery bound to an app: the dispatcher (started
// when the app serves, stopped when it terminates), the outbox and the prune job.
type Service struct {
	app    core.App
	cfg    Config
	d      *dispatcher
	outbox *outbox
}

// Bind wires the outbox hooks, the subscription rules and state hooks, the key revocation
// hook, the dispatcher and the prune job to app. A write's way to its receivers:
//
//  1. outbox.go, in the write's transaction: the events the change fires (event_rules.go;
//     the events' catalogue is vocab/events.go, their data event_data.go) and one delivery
//     per subscription that wants each; after the commit it offers their ids to the
//     dispatcher;
//  2. dispatcher.go runs the loop; each pass (dispatch_pass.go) starts due deliveries within
//     the worker limits, from the ready queue (ready_queue.go) or a scan of the database
//     (due_deliveries.go);
//  3. delivery_worker.go makes one attempt (delivery_attempt.go; signed and sent by package
//     wire) and hands the result to attempt_recorder.go, which records results in batches
//     (attempt_results.go): delivered, retried later (delivery_outcome.go) or failed, and the
//     attempt's history (attempt_history.go).
//
// What the dispatcher holds in memory meanwhile, and each change to it (queued, taken,
// claimed, slow, over, settled), is one type: senderState in sender_state.go.
func Bind(app core.App, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{app: app, cfg: cfg, d: newDispatcher(app, cfg)}
	s.outbox = &outbox{now: cfg.Now, offer: s.d.offer, observer: cfg.Observer}
	s.outbox.bind(app)
	bindSubscriptionRules(app)
	bindSubscriptionState(app, cfg.Now)
	bindKeyRevocation(app)
	bindKeyGate(app, s.d)
	bindPrune(app, s.Prune)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: dispatcherHookID,
		Func: func(se *core.ServeEvent) error {
			s.d.start()
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: dispatcherHookID,
		Func: func(te *core.TerminateEvent) error {
			s.d.stop()
			return te.Next()
		},
	})
	return s
}

// AnnouncePublished writes the content.published event of rec, a scheduled record whose time
// has come, and its deliveries with txApp (the publish job's transaction).
func (s *Service) AnnouncePublished(txApp core.App, rec *core.Record) error {
	return s.outbox.write(txApp, rec, []event{{vocab.EventContentPublished, contentData(rec), content.Served(rec, s.cfg.Now())}})
}

// AnnounceNewsletterSent writes the newsletter.sent event of send, a newsletter send that
// finished, with data (its counts, no addresses).
func (s *Service) AnnounceNewsletterSent(txApp core.App, send *core.Record, data map[string]any) error {
	return s.outbox.write(txApp, send, []event{{vocab.EventNewsletterSent, data, true}})
}

// RunDue attempts every delivery due by the injected clock, waits until they (and any the
// background loop started) are done, and repeats until nothing due is left. It returns the
// number of attempts it made. Tests drive the dispatcher with it instead of waiting.
func (s *Service) RunDue(ctx context.Context) (int, error) { return s.d.runDue(ctx) }

// Prune deletes events older than Retention, and their deliveries; the cron job calls it
// every 10 minutes. It returns the number of events deleted.
func (s *Service) Prune() (int, error) { return prune(s.app, s.cfg.Now()) }

// SendTest sends a signed "ping" event to a subscription at once and returns the result. A
// test delivery is not stored, not retried and does not count toward the subscription's
// failures; it is sent even to a switched-off subscription, so the owner can check the
// receiver before re-enabling it.
func (s *Service) SendTest(ctx context.Context, subscriptionID string) (wire.Result, error) {
	sub, err := FindSubscription(s.app, subscriptionID)
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
	allowPrivate, err := allowPrivateWebhooks(s.app)
	if err != nil { // false: the guard fails closed
		s.app.Logger().Error("webhooks: read site settings", "error", err)
	}
	res, _ := s.d.send(ctx, msg, sub.GetString("url"), sub.GetString("secret"), allowPrivate) // not stored: no history
	return res, nil
}

// Redeliver makes a delivery (id with or without "dlv_") pending again with a fresh schedule
// of attempts, the first at once, and wakes the dispatcher. The delivery keeps its id, so the
// receiver can recognise a repeat.
func (s *Service) Redeliver(id string) (*core.Record, error) {
	if err := Provisioned(s.app); err != nil {
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
	sub, err := FindSubscription(s.app, dlv.GetString("subscription"))
	if err != nil {
		return nil, err
	}
	if !sub.GetBool("enabled") {
		return nil, ErrSubscriptionDisabled
	}
	dlv.Set("status", statusPending)
	dlv.Set("attempt", 0)
	dlv.Set("next_attempt_at", s.cfg.Now())
	if err := s.app.Save(dlv); err != nil {
		return nil, fmt.Errorf("webhooks: redeliver %s: %w", id, err)
	}
	s.d.rescan()
	return dlv, nil
}

// Provisioned returns ErrNotProvisioned (wrapping the cause) when a webhook collection is
// missing.
func Provisioned(app core.App) error {
	if _, err := outboxCollections(app); err != nil {
		return fmt.Errorf("%w: %w", ErrNotProvisioned, err)
	}
	return nil
}
