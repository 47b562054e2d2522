package changes_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/creator-content-api/server/hooks/changes"

	_ "github.com/creator-content-api/server/pb_migrations" // registers the migrations the app runs
)

// migrated is a data directory on which every migration has run, written once by TestMain
// from the API tests' template (fixture.WriteMigratedDataDir, cached per test binary):
// migrating costs seconds under -race, tests.NewTestApp's copy of it milliseconds.
var migrated string

func TestMain(m *testing.M) {
	code, err := runMigrated(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

func runMigrated(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "cca_changes_migrated_*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	if err := fixture.WriteMigratedDataDir(dir); err != nil {
		return 0, err
	}
	migrated = dir
	return m.Run(), nil
}

// watcherFixture is an app on a fresh, migrated data directory with a Watcher on a clock that moves
// only when the test says so.
type watcherFixture struct {
	t     *testing.T
	app   *tests.TestApp
	w     *changes.Watcher
	clock atomic.Int64 // unix nanoseconds
}

func newFixture(t *testing.T) *watcherFixture {
	t.Helper()
	app, err := tests.NewTestApp(migrated)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	f := &watcherFixture{t: t, app: app}
	f.clock.Store(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC).UnixNano())
	f.w = changes.Register(app, changes.Config{Now: func() time.Time { return time.Unix(0, f.clock.Load()) }})
	return f
}

func (f *watcherFixture) advance(d time.Duration) { f.clock.Add(int64(d)) }

// gens asks for the generation of every area.
func (f *watcherFixture) gens() map[string]uint64 {
	return map[string]uint64{changes.Content: f.w.Generation(changes.Content), changes.Keys: f.w.Generation(changes.Keys)}
}

// serve runs what starting to serve runs (the app's serve hooks), without a listener.
func (f *watcherFixture) serve() {
	f.t.Helper()
	r, err := apis.NewRouter(f.app)
	if err != nil {
		f.t.Fatal(err)
	}
	se := &core.ServeEvent{App: f.app, Router: r, Server: &http.Server{}}
	if err := f.app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		f.t.Fatal(err)
	}
}

// rawDB opens data.db as a program other than PocketBase would: a connection pool of its own.
func (f *watcherFixture) rawDB() *dbx.DB {
	f.t.Helper()
	db, err := core.DefaultDBConnect(filepath.Join(f.app.DataDir(), "data.db"))
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { db.Close() })
	return db
}

// exec runs statements on db.
func exec(t *testing.T, db dbx.Builder, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := db.NewQuery(s).Execute(); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// pbNotifyWatcherHookID is the id of the bootstrap hook with which PocketBase watches its
// notify directory, where each app announces its settings and collection saves to the others
// on the data directory (core/notify_watcher.go).
const pbNotifyWatcherHookID = "__pbNotifyWatcherSystemHook__"

// otherApp opens the data directory as a second PocketBase process would (a `seed` or `keys`
// command, a second server): its own connections, none of the first app's hooks. It makes no
// announcements in the notify directory: the first app's reaction to one is a PocketBase
// timer that reloads, 50 ms later, whether or not the test has cleaned that app up, and would
// hide whether the Watcher reloads the collections itself.
func (f *watcherFixture) otherApp() core.App {
	f.t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: f.app.DataDir()})
	app.OnBootstrap().Unbind(pbNotifyWatcherHookID)
	if err := app.Bootstrap(); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() {
		if err := app.ClearBootstrap(); err != nil {
			f.t.Error(err)
		}
	})
	return app
}

// newPost is the fields of a public post.
func newPost(slug string) map[string]any {
	return map[string]any{"title": "Post " + slug, "slug": slug, "visibility": "public"}
}

// newKey is the fields of an API key whose hash is n in 64 hex digits: a distinct n is a
// distinct key.
func newKey(n int) map[string]any {
	return map[string]any{"name": "k", "key_hash": fmt.Sprintf("%064x", n), "prefix": "svc_live_abcdefgh", "scopes": []string{"read"}, "active": true}
}
