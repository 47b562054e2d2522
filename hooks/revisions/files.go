package revisions

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// PocketBase deletes a record's files once a save no longer names them (and all of them with
// the record). A revision that names such a file keeps a copy in its own storage directory,
// <content_revisions id>/<revision id>/<name>, which pruning deletes with the revision.

// keepFiles copies into rev's directory the files of prior that the change removes (all of
// them for a delete) and returns their names. A copy made by a transaction that rolls back
// is deleted again.
func keepFiles(txApp core.App, prior, next *core.Record, deleting bool, rev *core.Record) ([]string, error) {
	var names []string
	for _, f := range prior.Collection().Fields {
		if _, ok := f.(*core.FileField); !ok {
			continue
		}
		stays := plainNames(next.GetRaw(f.GetName()))
		for _, n := range prior.GetStringSlice(f.GetName()) {
			if deleting || !slices.Contains(stays, n) {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return []string{}, nil
	}
	fsys, err := txApp.NewFilesystem()
	if err != nil {
		return nil, fmt.Errorf("revisions: open the file storage: %w", err)
	}
	defer fsys.Close()
	var kept []string
	for _, n := range names {
		err := fsys.Copy(prior.BaseFilesPath()+"/"+n, rev.BaseFilesPath()+"/"+n)
		if errors.Is(err, filesystem.ErrNotFound) {
			txApp.Logger().Warn("revisions: a file the revision names is already gone", "record", prior.Id, "file", n)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("revisions: keep file %s of %s: %w", n, prior.Id, err)
		}
		kept = append(kept, n)
	}
	if tx := txApp.TxInfo(); tx != nil && len(kept) > 0 {
		dir := rev.BaseFilesPath() + "/"
		tx.OnComplete(func(txErr error) error {
			if txErr != nil {
				deleteDir(txApp, dir)
			}
			return nil
		})
	}
	return kept, nil
}

// plainNames are the names of stored files in a file field's raw value (new uploads, which
// are *filesystem.File values, are left out).
func plainNames(raw any) []string {
	switch v := raw.(type) {
	case string:
		if v == "" {
			return nil
		}
		return []string{v}
	case []string:
		return v
	case []any:
		var out []string
		for _, x := range v {
			if s, ok := x.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// deleteDir deletes a storage directory, logging what it could not delete.
func deleteDir(app core.App, dir string) {
	fsys, err := app.NewFilesystem()
	if err != nil {
		app.Logger().Error("revisions: open the file storage", "error", err)
		return
	}
	defer fsys.Close()
	if errs := fsys.DeletePrefix(dir); len(errs) > 0 {
		app.Logger().Error("revisions: delete kept files", "dir", dir, "error", errors.Join(errs...))
	}
}

// readFile reads a stored file.
func readFile(fsys *filesystem.System, key string) ([]byte, error) {
	r, err := fsys.GetReader(key)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
