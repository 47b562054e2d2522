package maintenance_test

import (
	"path/filepath"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/maintenance"
)

// TestLimitPageCacheOverridesPocketBasesPragma opens data.db as PocketBase does (its DSN asks
// for a 32 MiB cache) and asks each of several pooled connections for its cache size.
func TestLimitPageCacheOverridesPocketBasesPragma(t *testing.T) {
	maintenance.LimitPageCache()
	db, err := core.DefaultDBConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Hold three connections at once, so that the pool opens three.
	tx1, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx1.Rollback()
	tx2, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx2.Rollback()
	for i, q := range []func() (int, error){
		func() (n int, err error) { err = tx1.NewQuery("PRAGMA cache_size").Row(&n); return },
		func() (n int, err error) { err = tx2.NewQuery("PRAGMA cache_size").Row(&n); return },
		func() (n int, err error) { err = db.NewQuery("PRAGMA cache_size").Row(&n); return },
	} {
		n, err := q()
		if err != nil {
			t.Fatal(err)
		}
		if want := -maintenance.PageCacheKiB; n != want {
			t.Errorf("connection %d: cache_size %d, want %d", i, n, want)
		}
	}
}
