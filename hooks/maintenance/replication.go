// Package maintenance owns what an operator needs around the running service: the database
// upkeep jobs that replace PocketBase's own when the data directory is replicated, and the
// loopback-only debug listener (runtime profiles, connection pool statistics).
package maintenance

import (
	"log/slog"

	"github.com/pocketbase/pocketbase/core"
)

// dbOptimizeJobID is PocketBase's daily maintenance job.
const dbOptimizeJobID = "__pbDBOptimize__"

// BindReplicationFriendlyMaintenance replaces PocketBase's daily maintenance job for a data
// directory that Litestream replicates. PocketBase's job asks for a TRUNCATE checkpoint of
// data.db, which cannot finish while Litestream holds its read transaction on the WAL, so
// every write waits out the busy time-out (about 10 s) once a day. Litestream checkpoints
// data.db itself; this job keeps the rest: the auxiliary database's checkpoint (not
// replicated) and PRAGMA optimize.
func BindReplicationFriendlyMaintenance(app core.App) {
	app.Cron().MustAdd(dbOptimizeJobID, "0 0 * * *", func() {
		if _, err := app.AuxNonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
			app.Logger().Warn("daily checkpoint of the auxiliary database", slog.String("error", err.Error()))
		}
		if _, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute(); err != nil {
			app.Logger().Warn("daily PRAGMA optimize", slog.String("error", err.Error()))
		}
	})
}
