package maintenance

import (
	"fmt"

	"github.com/pocketbase/dbx"
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

// connectionPragmas are PocketBase's (core.DefaultDBConnect, v0.40) with the page cache at
// PageCacheKiB; TestDBConnectKeepsPocketBasesPragmas fails when PocketBase's change.
var connectionPragmas = fmt.Sprintf("?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)"+
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-%d)&_defensive=1", PageCacheKiB)

// DBConnect opens a database as PocketBase does, each connection with a page cache of
// PageCacheKiB: the app's DBConnect (pocketbase.Config, core.BaseAppConfig), for data.db and
// auxiliary.db alike.
func DBConnect(dbPath string) (*dbx.DB, error) {
	return dbx.Open("sqlite", dbPath+connectionPragmas)
}
