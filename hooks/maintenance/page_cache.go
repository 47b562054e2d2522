package maintenance

import (
	"context"
	"fmt"

	"modernc.org/sqlite"
)

// PageCacheKiB is the page cache each SQLite connection keeps: SQLite's own default, 2 MiB,
// where PocketBase asks for 32 MiB. PocketBase pools up to 120 reader connections (15 kept
// idle), and in WAL mode each keeps its own copy of the pages it read, so under concurrent
// reads the copies add up: on issue 12's read benchmarks (10,000 posts, a 9 MB data.db, 16
// connections) the server's peak RSS was 461 MiB with 32 MiB caches and 234 MiB with 2 MiB,
// plain PocketBase's 246 MiB, at the same read and write speeds (bench/README.md): what a
// connection does not cache, the operating system's file cache still holds, and our read cache
// answers most reads without SQLite.
const PageCacheKiB = 2000

// LimitPageCache sets the page cache of every SQLite connection the process opens from now
// on (data.db and auxiliary.db, readers and the writer) to PageCacheKiB. Call it before the
// app opens its databases; the driver runs it after the connection's own pragmas.
func LimitPageCache() {
	stmt := fmt.Sprintf("PRAGMA cache_size = -%d", PageCacheKiB)
	sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
		_, err := conn.ExecContext(context.Background(), stmt, nil)
		return err
	})
}
