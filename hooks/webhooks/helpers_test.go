package webhooks_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// newHarness starts the app with webhooks allowed to reach 127.0.0.1.
func newHarness(t *testing.T, opts ...apitest.Options) *apitest.Harness {
	t.Helper()
	var o apitest.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	h := apitest.New(t, o)
	h.AllowPrivateWebhooks(true)
	return h
}

// subscribe stores an enabled subscription to url for events (none: all) and returns it with
// its secret.
func subscribe(t *testing.T, app core.App, url string, events ...string) (*core.Record, string) {
	t.Helper()
	secret, err := wire.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	sub := fixture.CreateRecord(t, app, vocab.WebhookSubscriptions, map[string]any{
		"url": url, "events": events, "secret": secret, "enabled": true,
	})
	return sub, secret
}

// update reloads a record, sets fields and saves it, as a fresh writer would.
func update(t *testing.T, app core.App, rec *core.Record, fields map[string]any) *core.Record {
	t.Helper()
	fresh, err := app.FindRecordById(rec.Collection(), rec.Id)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		fresh.Set(k, v)
	}
	if err := app.Save(fresh); err != nil {
		t.Fatalf("update %s: %v", rec.Collection().Name, err)
	}
	return fresh
}

func reload(t *testing.T, app core.App, rec *core.Record) *core.Record {
	t.Helper()
	fresh, err := app.FindRecordById(rec.Collection(), rec.Id)
	if err != nil {
		t.Fatal(err)
	}
	return fresh
}

// storedEvent is a webhook_events row, decoded.
type storedEvent struct {
	ID   string
	Name string
	Data map[string]any
}

// allEvents returns the stored events, sorted by name then id.
func allEvents(t *testing.T, app core.App) []storedEvent {
	t.Helper()
	recs, err := app.FindAllRecords(vocab.WebhookEvents)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]storedEvent, 0, len(recs))
	for _, r := range recs {
		var data map[string]any
		if err := json.Unmarshal([]byte(r.GetString("data")), &data); err != nil {
			t.Fatalf("event %s data: %v", r.Id, err)
		}
		out = append(out, storedEvent{ID: r.Id, Name: r.GetString("event"), Data: data})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// newEvents returns the events stored after the first `before` ones were taken away by id.
func newEvents(t *testing.T, app core.App, before []storedEvent) []storedEvent {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range before {
		seen[e.ID] = true
	}
	var out []storedEvent
	for _, e := range allEvents(t, app) {
		if !seen[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

func eventNames(evs []storedEvent) []string {
	var names []string // nil when there are none
	for _, e := range evs {
		names = append(names, e.Name)
	}
	sort.Strings(names)
	return names
}

// deliveriesOf returns the deliveries of a subscription.
func deliveriesOf(t *testing.T, app core.App, subID string) []*core.Record {
	t.Helper()
	recs, err := app.FindAllRecords(vocab.WebhookDeliveries, dbx.HashExp{"subscription": subID})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func count(t *testing.T, app core.App, collection string) int {
	t.Helper()
	n, err := app.CountRecords(collection)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// runDue drives the dispatcher and returns the number of attempts.
func runDue(t *testing.T, h *apitest.Harness) int {
	t.Helper()
	n, err := h.Webhooks.RunDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// jsonEqual compares a decoded JSON object with the JSON text want.
func jsonEqual(t *testing.T, got map[string]any, want string) bool {
	t.Helper()
	var w map[string]any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	if !reflect.DeepEqual(got, w) {
		g, _ := json.Marshal(got)
		t.Errorf("data = %s\nwant   %s", g, want)
		return false
	}
	return true
}
