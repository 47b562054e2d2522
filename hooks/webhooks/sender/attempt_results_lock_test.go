package sender

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// TestRecordingWaitsForAnotherProcesssCommit records a result while another connection to
// data.db (as a `seed` command or a second server would open it) holds SQLite's write lock and
// then commits. A recording transaction that read first and wrote after that commit would fail
// at once with SQLITE_BUSY_SNAPSHOT (517, "database is locked"); one that takes the write lock
// with its first statement waits for the commit and records.
func TestRecordingWaitsForAnotherProcesssCommit(t *testing.T) {
	app := fixture.NewMigratedApp(t) // our migrations, no hooks but those the test binds
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	sub := fixture.CreateRecord(t, app, vocab.WebhookSubscriptions, map[string]any{"url": "https://example.com/hook",
		"secret": "whsec_dGVzdA", "enabled": true})
	ev := fixture.CreateRecord(t, app, vocab.WebhookEvents, map[string]any{"event": vocab.EventContentCreated, "data": map[string]any{"id": "p1"}})
	dlv := fixture.CreateRecord(t, app, vocab.WebhookDeliveries, map[string]any{"event": ev.Id,
		"subscription": sub.Id, "status": subscriptions.DeliveryPending, "next_attempt_at": at})

	other, err := core.DefaultDBConnect(filepath.Join(app.DataDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	conn, err := other.DB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, stmt := range []string{"BEGIN IMMEDIATE", "UPDATE " + vocab.WebhookEvents + " SET updated = updated"} {
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}

	recorded := make(chan error, 1)
	go func() {
		recorded <- app.RunInTransaction(func(txApp core.App) error {
			_, err := recordResults(txApp, []finished{{id: dlv.Id, at: at,
				res: wire.Result{StatusCode: 204, Outcome: wire.Delivered}}})
			return err
		})
	}()
	// Let the recording start its transaction and meet the lock (a read-first transaction
	// would have read by then), then commit the other connection's write.
	writer := app.NonconcurrentDB().(*dbx.DB).DB()
	for writer.Stats().InUse == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		t.Fatal(err)
	}

	if err := <-recorded; err != nil {
		t.Fatalf("recording after another connection's commit: %v", err)
	}
	got, err := app.FindRecordById(vocab.WebhookDeliveries, dlv.Id)
	if err != nil {
		t.Fatal(err)
	}
	if got.GetString("status") != subscriptions.DeliverySucceeded {
		t.Fatalf("delivery %s is %q, want %q", dlv.Id, got.GetString("status"), subscriptions.DeliverySucceeded)
	}
}
