package maintenance_test

import (
	"path/filepath"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/maintenance"
)

// connectionSettings are the pragmas PocketBase sets on each connection.
var connectionSettings = []string{"busy_timeout", "journal_mode", "journal_size_limit", "synchronous", "foreign_keys", "temp_store", "cache_size"}

func settings(t *testing.T, db *dbx.DB) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, p := range connectionSettings {
		var v string
		if err := db.NewQuery("PRAGMA " + p).Row(&v); err != nil {
			t.Fatal(err)
		}
		got[p] = v
	}
	return got
}

// TestDBConnectKeepsPocketBasesPragmas: every connection DBConnect opens has PocketBase's own
// settings but the page cache, which is PageCacheKiB; three pooled connections are asked.
func TestDBConnectKeepsPocketBasesPragmas(t *testing.T) {
	dir := t.TempDir()
	pb, err := core.DefaultDBConnect(filepath.Join(dir, "pb.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer pb.Close()
	ours, err := maintenance.DBConnect(filepath.Join(dir, "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ours.Close()
	want := settings(t, pb)
	want["cache_size"] = "-2000"
	// Hold two connections at once, so that the pool opens a third for the last question.
	tx1, err := ours.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx1.Rollback()
	tx2, err := ours.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx2.Rollback()
	for i, q := range []func(string) (string, error){
		func(p string) (v string, err error) { err = tx1.NewQuery("PRAGMA " + p).Row(&v); return },
		func(p string) (v string, err error) { err = tx2.NewQuery("PRAGMA " + p).Row(&v); return },
		func(p string) (v string, err error) { err = ours.NewQuery("PRAGMA " + p).Row(&v); return },
	} {
		for _, p := range connectionSettings {
			v, err := q(p)
			if err != nil {
				t.Fatal(err)
			}
			if v != want[p] {
				t.Errorf("connection %d: %s = %s, want %s", i, p, v, want[p])
			}
		}
	}
}
