package apitest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"golang.org/x/crypto/bcrypt"

	_ "github.com/creator-content-api/server/pb_migrations" // registers the migrations the app runs
)

// template is a migrated data directory held in memory, made once per test binary: running
// every migration costs about 3 s of CPU under -race, writing the result out again a few
// milliseconds.
//
// It is also kept on disk between runs of the same test binary, in
// <user cache dir>/cca-apitest/<SHA-256 of the test executable>/ (PocketBase's and our
// migrations are compiled into the binary, so an entry made by the same bytes cannot be
// stale), so that `go test ./...` with warm caches migrates nothing. CCA_APITEST_CACHE names
// another directory for it, or "off" for none.
var template struct {
	once  sync.Once
	files map[string][]byte // relative path -> content
	err   error
}

// cacheEnv names the template cache's directory ("off": no cache on disk).
const cacheEnv = "CCA_APITEST_CACHE"

// The template cache keeps the cacheMaxEntries entries used last (about 0.7 MB each), none of
// them unused for longer than cacheMaxAge.
const (
	cacheMaxAge     = 24 * time.Hour
	cacheMaxEntries = 40
)

// writeMigratedDataDir fills dir with a data directory on which every migration (PocketBase's
// and ours) has been applied, exactly as tests.NewTestApp on an empty directory leaves it.
func writeMigratedDataDir(dir string) error {
	template.once.Do(func() { template.files, template.err = loadTemplate() })
	if template.err != nil {
		return template.err
	}
	return writeFiles(dir, template.files)
}

func writeFiles(dir string, files map[string][]byte) error {
	for rel, content := range files {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// loadTemplate reads the template from the cache, or migrates and stores it there. The cache
// is best effort: any failure of it means migrating, never a failed test.
func loadTemplate() (map[string][]byte, error) {
	entry := cacheEntry()
	if entry != "" {
		if files, err := readFiles(entry); err == nil {
			now := time.Now()
			_ = os.Chtimes(entry, now, now) // marks it used
			return files, nil
		}
	}
	files, err := migrate()
	if err == nil && entry != "" {
		storeEntry(entry, files)
	}
	return files, err
}

// cacheEntry is the cache directory of this test binary's template, "" for no cache.
func cacheEntry() string {
	root := os.Getenv(cacheEnv)
	switch root {
	case "off":
		return ""
	case "":
		dir, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		root = filepath.Join(dir, "cca-apitest")
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return ""
	}
	return filepath.Join(root, hex.EncodeToString(sum.Sum(nil)))
}

// readFiles reads every file under dir; a directory without data.db is no template.
func readFiles(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files[rel], err = os.ReadFile(path)
		return err
	})
	if err == nil && files["data.db"] == nil {
		err = fmt.Errorf("template cache %s: no data.db", dir)
	}
	return files, err
}

// storeEntry writes files to a new directory beside entry and renames it into place, so a
// reader sees a whole entry or none (another process storing the same entry first wins), and
// prunes the cache.
func storeEntry(entry string, files map[string][]byte) {
	root := filepath.Dir(entry)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return
	}
	tmp, err := os.MkdirTemp(root, ".new-")
	if err != nil {
		return
	}
	if err := writeFiles(tmp, files); err != nil || os.Rename(tmp, entry) != nil {
		os.RemoveAll(tmp)
	}
	prune(root)
}

func migrate() (map[string][]byte, error) {
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
	return readFiles(dir)
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

// prune removes the entries of the cache in root unused for cacheMaxAge, and the oldest
// beyond cacheMaxEntries.
func prune(root string) {
	dirs, err := os.ReadDir(root)
	if err != nil {
		return
	}
	type entry struct {
		path string
		used time.Time
	}
	var entries []entry
	for _, d := range dirs {
		info, err := d.Info()
		if err == nil && d.IsDir() {
			entries = append(entries, entry{filepath.Join(root, d.Name()), info.ModTime()})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int { return b.used.Compare(a.used) }) // newest first
	for i, e := range entries {
		if i >= cacheMaxEntries || time.Since(e.used) > cacheMaxAge {
			os.RemoveAll(e.path)
		}
	}
}

// WriteMigratedDataDir fills dir with a data directory on which every migration has run (the
// harness's template, from the cache when this test binary made it before), for a TestMain
// that starts apps of its own on a copy of it with tests.NewTestApp(dir).
func WriteMigratedDataDir(dir string) error { return writeMigratedDataDir(dir) }
