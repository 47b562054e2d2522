package maintenance_test

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/creator-content-api/server/hooks/maintenance"
)

// With Litestream replicating data.db, the daily maintenance must not ask for a checkpoint of
// data.db (it would stall writers while Litestream reads), and must keep the rest.
func TestReplicatedDataDirMaintenance(t *testing.T) {
	t.Parallel()
	// The app's data directory, every migration applied (the harness's template: migrating
	// costs seconds under -race); tests.NewTestApp starts each app on a copy of it.
	migrated := t.TempDir()
	if err := fixture.WriteMigratedDataDir(migrated); err != nil {
		t.Fatal(err)
	}
	for _, replicated := range []bool{false, true} {
		app, err := tests.NewTestApp(migrated)
		if err != nil {
			t.Fatal(err)
		}
		if replicated {
			maintenance.BindReplicationFriendlyMaintenance(app)
		}
		var mu sync.Mutex
		var mainSQL []string
		db := app.NonconcurrentDB().(*dbx.DB)
		db.ExecLogFunc = func(_ context.Context, _ time.Duration, q string, _ sql.Result, _ error) {
			mu.Lock()
			mainSQL = append(mainSQL, q)
			mu.Unlock()
		}
		ran := false
		for _, j := range app.Cron().Jobs() {
			if j.Id() == "__pbDBOptimize__" {
				j.Run()
				ran = true
			}
		}
		app.Cleanup()
		joined := strings.Join(mainSQL, "; ")
		if !ran || !strings.Contains(joined, "PRAGMA optimize") {
			t.Fatalf("replicated=%v: the daily job did not run PRAGMA optimize on data.db: %q", replicated, joined)
		}
		if got := strings.Contains(joined, "wal_checkpoint"); got == replicated {
			t.Fatalf("replicated=%v: checkpoint of data.db = %v: %q", replicated, got, joined)
		}
	}
}
