package datadircache

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The cache: an entry is whole or absent, the first store of an entry wins, a
// directory without data.db is no entry, and pruning keeps the entries used last.
func TestCache(t *testing.T) {
	root := t.TempDir()
	entry := filepath.Join(root, "abc")
	files := Files{"data.db": []byte("data"), "auxiliary.db": []byte("aux"), "storage/x": []byte("x")}
	store(entry, files)
	got, err := Read(entry)
	if err != nil || !maps.EqualFunc(got, files, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Fatalf("read back %q, %v", got, err)
	}
	store(entry, Files{"data.db": []byte("other")})
	if got, _ := Read(entry); string(got["data.db"]) != "data" {
		t.Fatalf("a second store replaced the entry: %q", got["data.db"])
	}
	if leftovers, _ := filepath.Glob(filepath.Join(root, ".new-*")); len(leftovers) != 0 {
		t.Fatalf("temporary directories left: %v", leftovers)
	}
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(filepath.Join(root, "empty")); err == nil {
		t.Fatal("a directory without data.db read as a data directory")
	}

	// Pruning: the day-old entry goes, and the oldest beyond maxEntries.
	now := time.Now()
	for i := range maxEntries + 2 {
		dir := filepath.Join(root, fmt.Sprintf("e%02d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		used := now.Add(-time.Duration(i) * time.Minute)
		if i == 0 {
			used = now.Add(-maxAge - time.Minute)
		}
		if err := os.Chtimes(dir, used, used); err != nil {
			t.Fatal(err)
		}
	}
	prune(root)
	left, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != maxEntries {
		t.Fatalf("%d entries after pruning, want %d", len(left), maxEntries)
	}
	for _, gone := range []string{"e00", fmt.Sprintf("e%02d", maxEntries+1)} {
		if _, err := os.Stat(filepath.Join(root, gone)); !os.IsNotExist(err) {
			t.Errorf("%s survived pruning", gone)
		}
	}
}
