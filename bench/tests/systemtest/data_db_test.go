//go:build system

package systemtest

import (
	"path/filepath"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// readDataDB runs read against the data.db of dir, a data directory no server runs on: for
// what a backup holds before a server acts on it, and for the schema (sqlite_master), which
// no API shows. Everything else the tests read over HTTP.
func readDataDB(t testing.TB, dir string, read func(db *dbx.DB) error) {
	t.Helper()
	db, err := core.DefaultDBConnect(filepath.Join(dir, "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := read(db); err != nil {
		t.Fatalf("read %s: %v", filepath.Join(dir, "data.db"), err)
	}
}
