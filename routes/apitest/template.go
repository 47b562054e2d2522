package apitest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/pocketbase/pocketbase/tests"
)

// template is a migrated data directory held in memory, made once per test binary: running
// every migration costs more than a second under -race, writing the result out again a few
// milliseconds. Nothing is left on disk.
var template struct {
	once  sync.Once
	files map[string][]byte // relative path -> content
	err   error
}

// writeMigratedDataDir fills dir with a data directory on which every migration (PocketBase's
// and ours) has been applied, exactly as tests.NewTestApp on an empty directory leaves it.
func writeMigratedDataDir(dir string) error {
	template.once.Do(func() { template.files, template.err = migrate() })
	if template.err != nil {
		return template.err
	}
	for rel, content := range template.files {
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
	if err := app.ClearBootstrap(); err != nil { // closes the databases: the files are complete
		return nil, err
	}
	files := map[string][]byte{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
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
	return files, err
}
