package pb_migrations_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/creator-content-api/server/apitest/datadircache"
)

// Data directories made once per test binary, each test starting on a copy: running the
// migrations costs seconds under -race, copying the files milliseconds. They are kept on disk
// between runs of the same test binary (apitest/datadircache, as the harness's template), so a
// run with warm caches migrates nothing but what a test itself runs (the down steps). TestMain
// starts making them in the background, two at a time, while the tests start.
var (
	// freshInstall had every migration, PocketBase's and ours, run on an empty directory, as
	// `serve` runs them.
	freshInstall = cached("fresh-install", func() (string, error) {
		return migrated("", (*core.BaseApp).RunAllMigrations)
	})
	// systemOnly had only PocketBase's own migrations run: what our down steps must leave.
	systemOnly = cached("system-only", func() (string, error) {
		return migrated("", (*core.BaseApp).RunSystemMigrations)
	})
	// upAfterSystem is systemOnly with our migrations run next: what our up steps make after
	// the down steps.
	upAfterSystem = cached("up-after-system", func() (string, error) {
		dir, err := systemOnly()
		if err != nil {
			return "", err
		}
		return migrated(dir, (*core.BaseApp).RunAppMigrations)
	})
)

func TestMain(m *testing.M) {
	go freshInstall()
	go upAfterSystem()
	code := m.Run()
	for _, made := range []func() (string, error){freshInstall, systemOnly, upAfterSystem} {
		if dir, err := made(); err == nil {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// cached returns a function that gives a data directory (the same one on every call, removed
// by TestMain) with the files make leaves, from the cache under name when this test binary
// stored them before.
func cached(name string, make func() (string, error)) func() (string, error) {
	return sync.OnceValues(func() (string, error) {
		files, err := datadircache.Load(name, func() (datadircache.Files, error) {
			dir, err := make()
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
			return datadircache.Read(dir)
		})
		if err != nil {
			return "", err
		}
		dir, err := os.MkdirTemp("", "pb_migrations_*")
		if err == nil {
			err = files.Write(dir)
		}
		return dir, err
	})
}

// migrated returns a new data directory, a copy of from (empty when from is ""), on which run
// ran: a method of the app that runs migrations.
func migrated(from string, run func(*core.BaseApp) error) (string, error) {
	var dir string
	var err error
	if from == "" {
		dir, err = os.MkdirTemp("", "pb_migrations_*")
	} else {
		dir, err = tests.TempDirClone(from)
	}
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
		return "", fmt.Errorf("migrate a data directory: %w", err)
	}
	return dir, nil
}

// appOn starts an app on a copy of the data directory that made gives, running no migration;
// the copy is removed when the test ends.
func appOn(t *testing.T, made func() (string, error)) *core.BaseApp {
	t.Helper()
	dir, err := made()
	if err != nil {
		t.Fatal(err)
	}
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
	return appOn(t, freshInstall)
}
