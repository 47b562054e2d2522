package sender

import (
	"net/http"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"

	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	_ "github.com/creator-content-api/server/pb_migrations" // registers the migrations the app runs
)

// deliveryState is what a test checks of a delivery after recording.
type deliveryState struct {
	status, lastError, next, deliveredAt string
	attempt, code, history               int
}

// switchedOff is the last_error subscriptions.BindState gives the deliveries a switch-off ends.
const switchedOff = "subscription switched off"

func TestRecordResultsAdvancesABatchInItsOrder(t *testing.T) {
	app := fixture.NewMigratedApp(t) // our migrations, no hooks but those the test binds
	at := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	subscriptions.BindState(app, func() time.Time { return at })

	save := func(collection string, fields map[string]any) *core.Record {
		return fixture.CreateRecord(t, app, collection, fields)
	}
	subscription := func(failures int) *core.Record {
		return save(vocab.WebhookSubscriptions, map[string]any{"url": "https://example.com/hook",
			"secret": "whsec_dGVzdA", "enabled": true, "failure_count": failures})
	}
	ev := save(vocab.WebhookEvents, map[string]any{"event": vocab.EventContentCreated, "data": map[string]any{"id": "p1"}})
	delivery := func(sub *core.Record, status string) string {
		fields := map[string]any{"event": ev.Id, "subscription": sub.Id, "status": status}
		if status == subscriptions.DeliveryPending {
			fields["next_attempt_at"] = at
		}
		return save(vocab.WebhookDeliveries, fields).Id
	}
	a, b := subscription(8), subscription(3)
	a1, a2, a3 := delivery(a, subscriptions.DeliveryPending), delivery(a, subscriptions.DeliveryPending), delivery(a, subscriptions.DeliveryPending)
	b1, b2, done := delivery(b, subscriptions.DeliveryPending), delivery(b, subscriptions.DeliveryPending), delivery(b, subscriptions.DeliverySucceeded)

	sent := http.Header{"X-Service-Delivery": {"dlv_x"}}
	fail := wire.Result{StatusCode: 500, Err: "HTTP 500", Outcome: wire.Failed}
	batch := []finished{
		{id: a1, res: fail, sent: sent, at: at},
		{id: a2, res: fail, sent: sent, at: at}, // the 10th consecutive failure: switches a off
		{id: a3, res: fail, sent: sent, at: at}, // after the switch-off: left to it
		{id: b1, res: wire.Result{StatusCode: 204, Outcome: wire.Delivered}, sent: sent, at: at},
		{id: b2, res: wire.Result{StatusCode: 410, Err: "HTTP 410", Outcome: wire.Gone}, sent: sent, at: at},
		{id: done, res: fail, sent: sent, at: at}, // no longer pending: left alone
	}
	var retries bool
	err := app.RunInTransaction(func(txApp core.App) error {
		var err error
		retries, err = recordResults(txApp, batch)
		return err
	})
	if err != nil || !retries {
		t.Fatalf("recordResults: retries %v, %v", retries, err)
	}

	attempts, err := AttemptsOf(app, []string{a1, a2, a3, b1, b2, done})
	if err != nil {
		t.Fatal(err)
	}
	const when = "2026-11-21 12:00:00.000Z"
	want := map[string]deliveryState{
		a1:   {status: subscriptions.DeliveryFailed, lastError: switchedOff, attempt: 1, code: 500, history: 1},
		a2:   {status: subscriptions.DeliveryFailed, lastError: "HTTP 500", attempt: 1, code: 500, history: 1},
		a3:   {status: subscriptions.DeliveryFailed, lastError: switchedOff},
		b1:   {status: subscriptions.DeliverySucceeded, attempt: 1, code: 204, deliveredAt: when, history: 1},
		b2:   {status: subscriptions.DeliveryFailed, lastError: "HTTP 410", attempt: 1, code: 410, history: 1},
		done: {status: subscriptions.DeliverySucceeded},
	}
	for id, w := range want {
		d, err := app.FindRecordById(vocab.WebhookDeliveries, id)
		if err != nil {
			t.Fatal(err)
		}
		got := deliveryState{status: d.GetString("status"), lastError: d.GetString("last_error"),
			next: d.GetString("next_attempt_at"), deliveredAt: d.GetString("delivered_at"),
			attempt: d.GetInt("attempt"), code: d.GetInt("last_status_code"), history: len(attempts[id])}
		if got != w {
			t.Errorf("delivery %s: %+v, want %+v", id, got, w)
		}
	}
	if h := attempts[a1]; len(h) == 1 && (h[0].At.String() != when || h[0].RequestHeaders["X-Service-Delivery"] != "dlv_x") {
		t.Errorf("history of %s: %+v", a1, h[0])
	}
	for sub, w := range map[*core.Record][3]any{a: {false, 10, subscriptions.ReasonFailures}, b: {false, 1, subscriptions.ReasonGone}} {
		s, err := app.FindRecordById(vocab.WebhookSubscriptions, sub.Id)
		if err != nil {
			t.Fatal(err)
		}
		if got := [3]any{s.GetBool("enabled"), s.GetInt("failure_count"), s.GetString("disabled_reason")}; got != w {
			t.Errorf("subscription %s: %v, want %v", sub.Id, got, w)
		}
	}
}
