package pb_public

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"testing"
)

// TestFSHoldsTheDirectory checks that the embedded site is this directory, file for file and
// byte for byte, Go sources and the contract package left out, every file stamped with a
// modification time, and that the site lists its directories (the docs pages are found so).
func TestFSHoldsTheDirectory(t *testing.T) {
	const contractDir = "contract" // a Go package beside the site, not part of it
	site := FS()
	served := 0
	err := fs.WalkDir(os.DirFS("."), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && name == contractDir {
			if _, err := fs.Stat(site, name); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: the contract package is served (err %v)", name, err)
			}
			return fs.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		got, err := fs.ReadFile(site, name)
		if path.Ext(name) == ".go" {
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: the Go source is served (err %v)", name, err)
			}
			return nil
		}
		want, rerr := os.ReadFile(name)
		if err != nil || rerr != nil || string(got) != string(want) {
			t.Errorf("%s: embedded copy differs from the file (%v, %v)", name, err, rerr)
		}
		if fi, err := fs.Stat(site, name); err != nil || fi.ModTime().IsZero() {
			t.Errorf("%s: no modification time (%v)", name, err)
		}
		served++
		return nil
	})
	if err != nil || served == 0 {
		t.Fatalf("walked %d files: %v", served, err)
	}
	listed := 0
	err = fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if fi, err := d.Info(); err != nil || fi.ModTime().IsZero() {
			t.Errorf("%s: listed without a modification time (%v)", name, err)
		}
		listed++
		return nil
	})
	if err != nil || listed != served {
		t.Errorf("the site lists %d files, want %d (%v)", listed, served, err)
	}
}
