// Package datadircache keeps data directories that a test binary makes (a migrated template)
// on disk between runs of the same binary, in <user cache dir>/cca-apitest/<SHA-256 of the
// test executable>[-name]/. PocketBase's and our migrations are compiled into the binary, so an
// entry made by the same bytes cannot be stale, and `go test ./...` with warm caches migrates
// nothing. CCA_APITEST_CACHE names another directory for it, or "off" for none.
package datadircache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Env names the cache's directory ("off": no cache on disk).
const Env = "CCA_APITEST_CACHE"

// The cache keeps the maxEntries entries used last (about 0.7 MB each), none of them unused
// for longer than maxAge. Each package's test binary has an entry or a few, and each build of
// it (each change to its code) a new one.
const (
	maxAge     = 24 * time.Hour
	maxEntries = 200
)

// Files are a data directory's files: relative path -> content.
type Files map[string][]byte

// Write writes the files under dir.
func (files Files) Write(dir string) error {
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

// Load returns the data directory this test binary stored under name (one binary may store
// several), or makes it with make and stores it. The cache is best effort: any failure of it
// means calling make, never a failed test.
func Load(name string, make func() (Files, error)) (Files, error) {
	entry := entryDir(name)
	if entry != "" {
		if files, err := Read(entry); err == nil {
			now := time.Now()
			_ = os.Chtimes(entry, now, now) // marks it used
			return files, nil
		}
	}
	files, err := make()
	if err == nil && entry != "" {
		store(entry, files)
	}
	return files, err
}

// entryDir is the cache directory of this test binary's data directory name, "" for no cache.
func entryDir(name string) string {
	root := os.Getenv(Env)
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
	entry := hex.EncodeToString(sum.Sum(nil))
	if name != "" {
		entry += "-" + name
	}
	return filepath.Join(root, entry)
}

// Read reads every file under dir; a directory without data.db is no data directory.
func Read(dir string) (Files, error) {
	files := Files{}
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
		err = fmt.Errorf("data directory %s: no data.db", dir)
	}
	return files, err
}

// store writes files to a new directory beside entry and renames it into place, so a reader
// sees a whole entry or none (another process storing the same entry first wins), and prunes
// the cache.
func store(entry string, files Files) {
	root := filepath.Dir(entry)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return
	}
	tmp, err := os.MkdirTemp(root, ".new-")
	if err != nil {
		return
	}
	if err := files.Write(tmp); err != nil || os.Rename(tmp, entry) != nil {
		os.RemoveAll(tmp)
	}
	prune(root)
}

// prune removes the entries of the cache in root unused for maxAge, and the oldest beyond
// maxEntries.
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
		if i >= maxEntries || time.Since(e.used) > maxAge {
			os.RemoveAll(e.path)
		}
	}
}
