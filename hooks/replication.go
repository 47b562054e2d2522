package hooks

import (
	"log/slog"

	"github.com/pocketbase/pocketbase/core"
)

// dbOptimizeJobID is PocketBase's daily maintenance job.
const dbOptimizeJobID = "__pbDBOptimize__"

// bindReplicationFriendlyMaintenance replaces PocketBase's daily maintenance job for a data
// directory that Litestream replicates. PocketBase's job asks for a TRUNCATE checkpoint of
// data.db, which cannot finish while Litestream holds its read transaction on the WAL, so
// every write waits out the busy time-out (about 10 s) once a day. Litestream checkpoints
// data.db itself; this job keeps the rest: the auxiliary database's checkpoint (not
// replicated) and PRAGMA optimize.
func bindReplicationFriendlyMaintenance(app core.App) {
	app.Cron().MustAdd(dbOptimizeJobID, "0 0 * * *", func() {
		if _, err := app.AuxNonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
			app.Logger().Warn("daily checkpoint of the auxiliary database", slog.String("error", err.Error()))
		}
		if _, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute(); err != nil {
			app.Logger().Warn("daily PRAGMA optimize", slog.String("error", err.Error()))
		}
	})
}
