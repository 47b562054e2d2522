package revisions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Target names the record a restore is meant for; empty fields are not checked.
type Target struct {
	Collection string
	Record     string
}

// Restore gives the record of revision id the revision's values, as actor, and returns it.
// What it overwrote becomes a revision itself ("restore"); a deleted record comes back with
// its id (and its slug, unless another record took it: ErrSlugTaken). The save goes through
// the model hooks, so the usual webhook events fire (content.updated, or content.created
// for a deleted record). ErrNotFound, ErrExpired, ErrMismatch when the revision is not of
// want's record.
func (s *Service) Restore(ctx context.Context, app core.App, id string, want Target, actor Actor) (*core.Record, error) {
	rev, err := s.find(app, id)
	if err != nil {
		return nil, err
	}
	colName, recID := rev.GetString(fieldCollection), rev.GetString(fieldRecord)
	if (want.Collection != "" && want.Collection != colName) || (want.Record != "" && want.Record != recID) {
		return nil, fmt.Errorf("%w: revision %s is of %s %s", ErrMismatch, id, colName, recID)
	}
	values, err := data(rev)
	if err != nil {
		return nil, err
	}
	col, err := app.FindCachedCollectionByNameOrId(colName)
	if err != nil {
		return nil, fmt.Errorf("revisions: collection %s of revision %s: %w", colName, id, err)
	}
	ctx = withRestore(WithActor(ctx, actor))
	var rec *core.Record
	err = app.RunInTransaction(func(txApp core.App) error {
		cur, err := txApp.FindRecordById(col, recID)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			cur = core.NewRecord(col)
			cur.Id = recID
			if created, err := types.ParseDateTime(values["created"]); err == nil && !created.IsZero() {
				cur.SetRaw("created", created) // it comes back as it was made
			}
		case err != nil:
			return fmt.Errorf("revisions: load %s %s: %w", colName, recID, err)
		}
		if err := slugFree(txApp, col, recID, values); err != nil {
			return err
		}
		if err := setValues(txApp, cur, rev, values); err != nil {
			return err
		}
		if err := txApp.SaveWithContext(ctx, cur); err != nil {
			return err
		}
		rec = cur
		return nil
	})
	return rec, err
}

// slugFree refuses a restore whose slug another record of col has taken.
func slugFree(app core.App, col *core.Collection, recID string, values map[string]any) error {
	slug, _ := values["slug"].(string)
	if slug == "" || col.Fields.GetByName("slug") == nil {
		return nil
	}
	var n int
	err := app.DB().Select("count(*)").From(col.Name).
		Where(dbx.HashExp{"slug": slug}).AndWhere(dbx.Not(dbx.HashExp{"id": recID})).Row(&n)
	if err != nil {
		return fmt.Errorf("revisions: look the slug up: %w", err)
	}
	if n > 0 {
		return fmt.Errorf("%w: %q", ErrSlugTaken, slug)
	}
	return nil
}

// setValues sets the revision's values on rec: every field the revision has but the id and
// the automatic dates; the files it names come back under their names, from the record's
// storage or from the revision that kept them.
func setValues(app core.App, rec, rev *core.Record, values map[string]any) error {
	for _, f := range rec.Collection().Fields {
		name := f.GetName()
		v, ok := values[name]
		if _, auto := f.(*core.AutodateField); !ok || auto || name == "id" {
			continue
		}
		if ff, isFile := f.(*core.FileField); isFile {
			files, err := restoredFiles(app, rec, rev, ff, v)
			if err != nil {
				return err
			}
			rec.Set(name, files)
			continue
		}
		rec.Set(name, v)
	}
	return nil
}

// restoredFiles is the value of file field f that names the files of v: a file rec still
// has stays as it is; any other is uploaded again, under its own name, from a copy kept by a
// revision of the record. A file no revision kept any longer is left out.
func restoredFiles(app core.App, rec, rev *core.Record, f *core.FileField, v any) (any, error) {
	var names []string
	switch x := v.(type) {
	case string:
		if x != "" {
			names = []string{x}
		}
	case []any:
		for _, n := range x {
			if s, ok := n.(string); ok && s != "" {
				names = append(names, s)
			}
		}
	}
	has := []string{}
	if !rec.IsNew() {
		has = rec.GetStringSlice(f.Name)
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		return nil, fmt.Errorf("revisions: open the file storage: %w", err)
	}
	defer fsys.Close()
	out := make([]any, 0, len(names))
	for _, n := range names {
		if slices.Contains(has, n) {
			out = append(out, n)
			continue
		}
		holder, err := keeperOf(app, rev, n)
		if err != nil {
			return nil, err
		}
		if holder == nil {
			app.Logger().Warn("revisions: no copy of a file is left to restore", "record", rec.Id, "file", n)
			continue
		}
		content, err := readFile(fsys, holder.BaseFilesPath()+"/"+n)
		if err != nil {
			return nil, fmt.Errorf("revisions: read the kept file %s: %w", n, err)
		}
		file, err := filesystem.NewFileFromBytes(content, n)
		if err != nil {
			return nil, err
		}
		file.Name = n // back under the name the revision gives it
		out = append(out, file)
	}
	if f.IsMultiple() {
		return out, nil
	}
	if len(out) == 0 {
		return "", nil
	}
	return out[0], nil
}

// keeperOf is the newest revision of rev's record that keeps a copy of the file name, or nil.
func keeperOf(app core.App, rev *core.Record, name string) (*core.Record, error) {
	recs, err := app.FindRecordsByFilter(vocab.ContentRevisions,
		"record_collection = {:c} && record_id = {:r} && files ~ {:n}", "-created,-id", 0, 0,
		dbx.Params{"c": rev.GetString(fieldCollection), "r": rev.GetString(fieldRecord), "n": name})
	if err != nil {
		return nil, fmt.Errorf("revisions: find the copy of %s: %w", name, err)
	}
	for _, r := range recs {
		if slices.Contains(keptFiles(r), name) {
			return r, nil
		}
	}
	return nil, nil
}

// keptFiles are the names of the files a revision keeps a copy of.
func keptFiles(rev *core.Record) []string {
	var names []string
	if err := rev.UnmarshalJSONField(fieldFiles, &names); err != nil {
		return nil
	}
	return names
}
