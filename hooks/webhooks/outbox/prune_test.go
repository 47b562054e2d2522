package outbox_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

func TestPruneDeletesEventsOlderThanSevenDaysInBatches(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	sub, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/unreachable")

	// 1,200 old events (more than two batches) and a delivery of one of them, written raw.
	old, err := types.ParseDateTime(apitest.Epoch.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.App.DB().NewQuery(`INSERT INTO {{` + vocab.WebhookEvents + `}} (id, event, data, created, updated)
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
		SELECT printf('old%012d', i), 'content.created', '{}', {:at}, {:at} FROM n`).
		Bind(dbx.Params{"at": old.String()}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.App.DB().Insert(vocab.WebhookDeliveries, dbx.Params{"id": "olddelivery0001", "event": "old000000000001",
		"subscription": sub.Id, "status": "succeeded", "created": old.String(), "updated": old.String()}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	webhooktest.NewPost(t, h.App, "at-epoch") // a millisecond past the 7 days after the advance below: pruned too

	h.Clock.Advance(outbox.Retention + time.Millisecond)
	fresh := webhooktest.NewPost(t, h.App, "fresh")
	// An attempt of every delivery: raw deletes do not cascade, yet the old ones must go.
	for i, dlv := range webhooktest.DeliveriesOf(t, h.App, sub.Id) {
		_, err = h.App.DB().Insert(vocab.WebhookAttempts, dbx.Params{"id": fmt.Sprintf("attempt%08d", i),
			"delivery": dlv.Id, "at": old.String(), "request_headers": "{}"}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}

	n, err := h.Webhooks.Prune()
	if err != nil {
		t.Fatal(err)
	}
	if n != 1201 {
		t.Fatalf("pruned %d events, want 1201", n)
	}
	evs := webhooktest.AllEvents(t, h.App)
	if len(evs) != 1 || evs[0].Data["id"] != fresh.Id {
		t.Fatalf("left %d events: %v", len(evs), evs)
	}
	ds := webhooktest.DeliveriesOf(t, h.App, sub.Id)
	if len(ds) != 1 || ds[0].GetString("event") != evs[0].ID {
		t.Fatalf("left %d deliveries", len(ds))
	}
	var left []string
	if err := h.App.DB().Select("delivery").From(vocab.WebhookAttempts).Column(&left); err != nil {
		t.Fatal(err)
	}
	// The fresh delivery may also have been attempted meanwhile: only its attempts are left.
	if len(left) == 0 || slices.ContainsFunc(left, func(id string) bool { return id != ds[0].Id }) {
		t.Fatalf("attempts left of deliveries %v, want only %s's", left, ds[0].Id)
	}
	if n, err := h.Webhooks.Prune(); err != nil || n != 0 {
		t.Fatalf("second prune: %d, %v", n, err)
	}

	var found bool
	for _, j := range h.App.Cron().Jobs() {
		if j.Id() == "ccaWebhookPrune" && j.Expression() == "*/10 * * * *" {
			found = true
		}
	}
	if !found {
		t.Error("the prune cron job is not registered every 10 minutes")
	}
}
