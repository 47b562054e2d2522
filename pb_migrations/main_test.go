package pb_migrations_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Data directories made once per test binary, each test starting on a copy: running the
// migrations costs seconds under -race, copying the files milliseconds.
var (
	// freshInstall gives a directory on which every migration, PocketBase's and ours, ran on an
	// empty one, as `serve` runs them. TestMain starts making it in the background, so that the
	// tests that need only systemOnly run meanwhile.
	freshInstall = sync.OnceValues(func() (string, error) { return migrated((*core.BaseApp).RunAllMigrations) })
	// systemOnly had only PocketBase's own migrations run: what our down steps must leave.
	systemOnly string
)

func TestMain(m *testing.M) {
	code, err := runWithDataDirs(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

// runWithDataDirs makes freshInstall and systemOnly, runs the tests and removes both again.
func runWithDataDirs(m *testing.M) (int, error) {
	go freshInstall()
	defer func() {
		if dir, err := freshInstall(); err == nil {
			os.RemoveAll(dir)
		}
	}()
	dir, err := migrated((*core.BaseApp).RunSystemMigrations)
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	systemOnly = dir
	return m.Run(), nil
}

// migrated returns a new data directory on which run ran: a method of the app that runs
// migrations.
func migrated(run func(*core.BaseApp) error) (string, error) {
	dir, err := os.MkdirTemp("", "pb_migrations_*")
	if err != nil {
		return "", err
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	err = app.Bootstrap()
	if err == nil {
		err = run(app)
	}
	// Closing the databases leaves the files complete, for the tests to copy.
	if cerr := app.ClearBootstrap(); err == nil {
		err = cerr
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("migrate a new data directory: %w", err)
	}
	return dir, nil
}

// appOn starts an app on a copy of the data directory dir, running no migration; the copy is
// removed when the test ends.
func appOn(t *testing.T, dir string) *core.BaseApp {
	t.Helper()
	copied, err := tests.TempDirClone(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(copied) })
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: copied})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.ClearBootstrap(); err != nil {
			t.Error(err)
		}
	})
	return app
}

// newApp starts an app on a copy of the fresh install.
func newApp(t *testing.T) *core.BaseApp {
	t.Helper()
	dir, err := freshInstall()
	if err != nil {
		t.Fatal(err)
	}
	return appOn(t, dir)
}
