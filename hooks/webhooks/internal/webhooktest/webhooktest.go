// Package webhooktest holds the helpers the tests of the webhook packages share: an app that
// may push to 127.0.0.1, subscriptions, the stored events and deliveries, and the dispatcher
// driven by the injected clock.
package webhooktest

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
	"net/http"
)

// NewHarness starts the app with webhooks allowed to reach 127.0.0.1.
func NewHarness(t *testing.T, opts ...apitest.Options) *apitest.Harness {
	t.Helper()
	var o apitest.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	h := apitest.New(t, o)
	h.AllowPrivateWebhooks(true)
	return h
}

// Subscribe stores an enabled subscription to url for events (none: all) and returns it with
// its secret.
func Subscribe(t *testing.T, app core.App, url string, events ...string) (*core.Record, string) {
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

// Update reloads a record, sets fields and saves it, as a fresh writer would.
func Update(t *testing.T, app core.App, rec *core.Record, fields map[string]any) *core.Record {
	t.Helper()
	fresh, err := app.FindRecordById(rec.Collection(), rec.Id)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		fresh.Set(k, v)
	}
	if err := app.Save(fresh); err != nil {
		t.Fatalf("Update %s: %v", rec.Collection().Name, err)
	}
	return fresh
}

// Reload reads rec again.
func Reload(t *testing.T, app core.App, rec *core.Record) *core.Record {
	t.Helper()
	fresh, err := app.FindRecordById(rec.Collection(), rec.Id)
	if err != nil {
		t.Fatal(err)
	}
	return fresh
}

// StoredEvent is a webhook_events row, decoded.
type StoredEvent struct {
	ID   string
	Name string
	Data map[string]any
}

// AllEvents returns the stored events, sorted by name then id.
func AllEvents(t *testing.T, app core.App) []StoredEvent {
	t.Helper()
	recs, err := app.FindAllRecords(vocab.WebhookEvents)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]StoredEvent, 0, len(recs))
	for _, r := range recs {
		var data map[string]any
		if err := json.Unmarshal([]byte(r.GetString("data")), &data); err != nil {
			t.Fatalf("event %s data: %v", r.Id, err)
		}
		out = append(out, StoredEvent{ID: r.Id, Name: r.GetString("event"), Data: data})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// NewEvents returns the events stored after the first `before` ones were taken away by id.
func NewEvents(t *testing.T, app core.App, before []StoredEvent) []StoredEvent {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range before {
		seen[e.ID] = true
	}
	var out []StoredEvent
	for _, e := range AllEvents(t, app) {
		if !seen[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

// EventNames are the names of evs, sorted.
func EventNames(evs []StoredEvent) []string {
	var names []string // nil when there are none
	for _, e := range evs {
		names = append(names, e.Name)
	}
	sort.Strings(names)
	return names
}

// DeliveriesOf returns the deliveries of a subscription.
func DeliveriesOf(t *testing.T, app core.App, subID string) []*core.Record {
	t.Helper()
	recs, err := app.FindAllRecords(vocab.WebhookDeliveries, dbx.HashExp{"subscription": subID})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// Count is how many records collection holds.
func Count(t *testing.T, app core.App, collection string) int {
	t.Helper()
	n, err := app.CountRecords(collection)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// RunDue drives the dispatcher and returns the number of attempts.
func RunDue(t *testing.T, h *apitest.Harness) int {
	t.Helper()
	n, err := h.Webhooks.RunDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// JSONEqual compares a decoded JSON object with the JSON text want.
func JSONEqual(t *testing.T, got map[string]any, want string) bool {
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

// NewPost stores a public draft post titled and slugged slug.
func NewPost(t *testing.T, app core.App, slug string) *core.Record {
	t.Helper()
	return fixture.CreateRecord(t, app, vocab.Posts, map[string]any{"title": slug, "slug": slug, "visibility": "public", "draft": true})
}

// OnlyDelivery returns the one delivery of sub.
func OnlyDelivery(t *testing.T, app core.App, sub *core.Record) *core.Record {
	t.Helper()
	ds := DeliveriesOf(t, app, sub.Id)
	if len(ds) != 1 {
		t.Fatalf("%d deliveries, want 1", len(ds))
	}
	return ds[0]
}

// RegisterWith registers a subscription to url through POST /api/v2/webhooks with key, or
// through POST /api/admin/webhooks as the owner when key is "", and returns it as stored.
func RegisterWith(t *testing.T, h *apitest.Harness, key, ownerToken, url string) *core.Record {
	t.Helper()
	req := apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: map[string]any{"url": url}}
	if key == "" {
		req.Path, req.Headers = "/api/admin/webhooks", map[string]string{"Authorization": ownerToken}
	}
	res := h.Do(req)
	if res.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", url, res.Status, res.Body)
	}
	body := res.JSON(t)
	if data, ok := body["data"].(map[string]any); ok {
		body = data
	}
	sub, err := h.App.FindRecordById(vocab.WebhookSubscriptions, body["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return sub
}
