package hooks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/webhook"
	"github.com/creator-content-api/server/pb_migrations"
)

// Sentinel errors of the Webhooks handle; the admin routes turn them into responses.
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

// Webhooks is the handle of the webhook machinery bound to an app: the outbox hooks, the
// dispatcher and the publish job (started when the app serves, stopped when it terminates) and
// the prune job.
type Webhooks struct {
	app core.App
	cfg Config
	d   *dispatcher
	p   *publisher
}

// bindWebhooks wires the outbox hooks, the subscription rules and state hooks, the key
// revocation hook, the dispatcher and the prune job.
func bindWebhooks(app core.App, cfg Config) *Webhooks {
	w := &Webhooks{app: app, cfg: cfg, d: newDispatcher(app, cfg)}
	o := &outbox{now: cfg.Now, kick: w.d.kick}
	o.bind(app)
	w.p = newPublisher(app, cfg.Now, o)
	bindSubscriptionRules(app)
	bindSubscriptionState(app, cfg.Now)
	bindKeyRevocation(app)
	bindPrune(app, w.Prune)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "cca.webhooks.dispatcher",
		Func: func(se *core.ServeEvent) error {
			w.d.start()
			w.p.start()
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "cca.webhooks.dispatcher",
		Func: func(te *core.TerminateEvent) error {
			w.p.stop()
			w.d.stop()
			return te.Next()
		},
	})
	return w
}

// Kick wakes the dispatcher to look for due deliveries now; it never blocks.
func (w *Webhooks) Kick() { w.d.kick() }

// RunDue attempts every delivery due by the injected clock, waits until they (and any the
// background loop started) are done, and repeats until nothing due is left. It returns the
// number of attempts it made. Tests drive the dispatcher with it instead of waiting.
func (w *Webhooks) RunDue(ctx context.Context) (int, error) { return w.d.runDue(ctx) }

// Prune deletes events older than Retention, and their deliveries; the cron job calls it
// every 10 minutes. It returns the number of events deleted.
func (w *Webhooks) Prune() (int, error) { return prune(w.app, w.cfg.Now()) }

// SendTest sends a signed "ping" event to a subscription at once and returns the result. A
// test delivery is not stored, not retried and does not count toward the subscription's
// failures; it is sent even to a switched-off subscription, so the owner can check the
// receiver before re-enabling it.
func (w *Webhooks) SendTest(ctx context.Context, subscriptionID string) (webhook.Result, error) {
	sub, err := w.subscription(subscriptionID)
	if err != nil {
		return webhook.Result{}, err
	}
	now := w.cfg.Now()
	msg := webhook.Message{
		DeliveryID: DeliveryIDPrefix + core.GenerateDefaultRandomId(),
		EventID:    EventIDPrefix + core.GenerateDefaultRandomId(),
		Event:      EventPing,
		Timestamp:  now,
		Data:       map[string]any{"subscription_id": sub.Id, "test": true},
	}
	res, _ := w.d.send(ctx, msg, sub.GetString("url"), sub.GetString("secret")) // not stored: no history
	return res, nil
}

// Redeliver makes a delivery (id with or without "dlv_") pending again with a fresh schedule
// of attempts, the first at once, and wakes the dispatcher. The delivery keeps its id, so the
// receiver can recognise a repeat.
func (w *Webhooks) Redeliver(id string) (*core.Record, error) {
	if err := Provisioned(w.app); err != nil {
		return nil, err
	}
	id = strings.TrimPrefix(id, DeliveryIDPrefix)
	dlv, err := w.app.FindRecordById(pb_migrations.WebhookDeliveries, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDeliveryNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: find delivery %s: %w", id, err)
	}
	sub, err := w.subscription(dlv.GetString("subscription"))
	if err != nil {
		return nil, err
	}
	if !sub.GetBool("enabled") {
		return nil, ErrSubscriptionDisabled
	}
	dlv.Set("status", statusPending)
	dlv.Set("attempt", 0)
	dlv.Set("next_attempt_at", w.cfg.Now())
	if err := w.app.Save(dlv); err != nil {
		return nil, fmt.Errorf("webhooks: redeliver %s: %w", id, err)
	}
	w.d.kick()
	return dlv, nil
}

func (w *Webhooks) subscription(id string) (*core.Record, error) {
	if err := Provisioned(w.app); err != nil {
		return nil, err
	}
	sub, err := w.app.FindRecordById(pb_migrations.WebhookSubscriptions, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrSubscriptionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: find subscription %s: %w", id, err)
	}
	return sub, nil
}

// Provisioned returns ErrNotProvisioned (wrapping the cause) when a webhook collection is
// missing.
func Provisioned(app core.App) error {
	if _, _, err := outboxCollections(app); err != nil {
		return fmt.Errorf("%w: %w", ErrNotProvisioned, err)
	}
	return nil
}
