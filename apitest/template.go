package apitest

import (
	"fmt"
	"os"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"golang.org/x/crypto/bcrypt"

	"github.com/creator-content-api/server/apitest/datadircache"

	_ "github.com/creator-content-api/server/pb_migrations" // registers the migrations the app runs
)

// template is a migrated data directory held in memory, made once per test binary: running
// every migration costs about 3 s of CPU under -race, writing the result out again a few
// milliseconds. It is also kept on disk between runs of the same test binary
// (datadircache), so that `go test ./...` with warm caches migrates nothing.
var template = sync.OnceValues(func() (datadircache.Files, error) {
	return datadircache.Load("", migrate)
})

// writeMigratedDataDir fills dir with a data directory on which every migration (PocketBase's
// and ours) has been applied, exactly as tests.NewTestApp on an empty directory leaves it.
func writeMigratedDataDir(dir string) error {
	files, err := template()
	if err != nil {
		return err
	}
	return files.Write(dir)
}

// migrate runs every migration on an empty directory, with cheap passwords.
func migrate() (datadircache.Files, error) {
	empty, err := os.MkdirTemp("", "cca_apitest_empty_*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(empty)
	app, err := tests.NewTestApp(empty) // migrates a copy of empty
	if err != nil {
		return nil, fmt.Errorf("migrate the template data directory: %w", err)
	}
	dir := app.DataDir()
	defer os.RemoveAll(dir)
	if err := cheapPasswords(app); err != nil {
		return nil, err
	}
	if err := app.ClearBootstrap(); err != nil { // closes the databases: the files are complete
		return nil, err
	}
	return datadircache.Read(dir)
}

// cheapPasswords makes every auth collection (the owner's _superusers, members) hash new
// passwords at bcrypt's lowest cost. At the default cost one hash or login takes about 0.3 s
// of CPU under -race, and tests create owners and members and log in by the dozen. No test is
// about the cost, and a login compares at the cost stored in the hash, so every code path
// runs as in production.
func cheapPasswords(app core.App) error {
	cols, err := app.FindAllCollections(core.CollectionTypeAuth)
	if err != nil {
		return err
	}
	for _, c := range cols {
		f, ok := c.Fields.GetByName(core.FieldNamePassword).(*core.PasswordField)
		if !ok {
			continue
		}
		f.Cost = bcrypt.MinCost
		if err := app.Save(c); err != nil {
			return fmt.Errorf("template: cheap passwords for %s: %w", c.Name, err)
		}
	}
	return nil
}

// WriteMigratedDataDir fills dir with a data directory on which every migration has run (the
// harness's template, from the cache when this test binary made it before), for a TestMain
// that starts apps of its own on a copy of it with tests.NewTestApp(dir).
func WriteMigratedDataDir(dir string) error { return writeMigratedDataDir(dir) }
