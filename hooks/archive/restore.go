package archive

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

// Restored is what a restore did: the records restored per collection, and a line per
// security setting reset or set to something other than its default (reviewSettings).
type Restored struct {
	Counts   map[string]int
	Settings []string
}

// Restore reads the archive at path into app, whose site must be empty, in one transaction
// and without webhook events (events, with true, fires them); webhooks_allow_private comes
// back off.
func Restore(app core.App, path string, lim source.Limits, events bool) (Restored, error) {
	counts, settings, err := restore(app, path, lim, events)
	return Restored{Counts: counts, Settings: settings}, err
}

func restore(app core.App, path string, lim source.Limits, events bool) (map[string]int, []string, error) {
	if err := source.CheckSize(path, lim); err != nil {
		return nil, nil, err
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, nil, &source.ParseError{File: path, Err: fmt.Errorf("%w: not a readable zip (%v); a truncated download?", ErrNotArchive, err)}
	}
	defer zr.Close()
	if err := source.CheckZip(path, &zr.Reader, lim); err != nil {
		return nil, nil, err
	}
	r := &restorer{path: path, zr: &zr.Reader, lim: lim, ctx: context.Background(), counts: map[string]int{}}
	if !events {
		r.ctx = outbox.WithoutEvents(r.ctx)
	}
	if err := r.manifest(); err != nil {
		return nil, nil, err
	}
	var settings []string
	err = app.RunInTransaction(func(tx core.App) error {
		if err := empty(tx); err != nil {
			return err
		}
		for _, name := range collections {
			if err := r.collection(tx, name); err != nil {
				return err
			}
		}
		settings, err = reviewSettings(tx)
		return err
	})
	return r.counts, settings, err
}

// empty refuses a site with content: only the settings record the migrations made may exist.
func empty(app core.App) error {
	for _, name := range collections {
		n, err := app.CountRecords(name)
		if err != nil {
			return err
		}
		if name == "site_settings" {
			recs, err := app.FindAllRecords(name)
			if err != nil {
				return err
			}
			for _, rec := range recs { // replaced by the archive's
				if err := app.Delete(rec); err != nil {
					return err
				}
			}
			continue
		}
		if n > 0 {
			return fmt.Errorf("%w: %s has %d records; restore into a new data directory (--dir)", ErrNotEmpty, name, n)
		}
	}
	return nil
}

type restorer struct {
	path   string
	zr     *zip.Reader
	lim    source.Limits
	ctx    context.Context
	counts map[string]int
}

func (r *restorer) open(name string) (io.ReadCloser, error) {
	f, err := r.zr.Open(name)
	if err != nil {
		return nil, &source.ParseError{File: r.path, Place: name, Err: fmt.Errorf("%w: %v", ErrNotArchive, err)}
	}
	return f, nil
}

func (r *restorer) manifest() error {
	f, err := r.open("manifest.json")
	if err != nil {
		return err
	}
	defer f.Close()
	var m Manifest
	if err := json.NewDecoder(io.LimitReader(f, 1<<20)).Decode(&m); err != nil {
		return &source.ParseError{File: r.path, Place: "manifest.json", Err: err}
	}
	if m.Format != Format || m.Version != Version {
		return &source.ParseError{File: r.path, Place: "manifest.json",
			Err: fmt.Errorf("%w: format %q version %d; this binary reads %q version %d", ErrNotArchive, m.Format, m.Version, Format, Version)}
	}
	return nil
}

// collection restores one collections/<name>.json, a record at a time.
func (r *restorer) collection(app core.App, name string) error {
	col, err := app.FindCachedCollectionByNameOrId(name)
	if err != nil {
		return err
	}
	entry := collectionPath(name)
	f, err := r.open(entry)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(source.NewUTF8Reader(f))
	fail := func(err error) error {
		return &source.ParseError{File: r.path, Place: fmt.Sprintf("%s: record %d", entry, r.counts[name]), Err: err}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return fail(fmt.Errorf("%w: not a JSON array", ErrNotArchive))
	}
	for dec.More() {
		var fields map[string]json.RawMessage
		if err := dec.Decode(&fields); err != nil {
			return fail(err)
		}
		if err := r.record(app, col, fields); err != nil {
			return fail(err)
		}
		r.counts[name]++
	}
	_, err = dec.Token()
	return err
}

// record creates one record with its id, its fields as stored, its dates and its files.
func (r *restorer) record(app core.App, col *core.Collection, fields map[string]json.RawMessage) error {
	rec := core.NewRecord(col)
	for name, raw := range fields {
		f := col.Fields.GetByName(name)
		if f == nil || secret(f) {
			continue // a field this schema has not got: the archive is newer or older
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		switch f := f.(type) {
		case *core.AutodateField:
			rec.SetRaw(name, v)
		case *core.FileField:
			files, err := r.files(col.Name, fields, name)
			if err != nil {
				return err
			}
			if f.IsMultiple() {
				rec.Set(name, files)
			} else if len(files) > 0 {
				rec.Set(name, files[0])
			}
		case *core.JSONField:
			rec.Set(name, raw)
		default:
			rec.Set(name, v)
		}
	}
	if col.IsAuth() {
		rec.SetRandomPassword() // hashes are not exported: members set a new password
	}
	return app.SaveWithContext(r.ctx, rec)
}

// files reads a record's files from the zip, keeping their stored names (so their URLs).
func (r *restorer) files(collection string, fields map[string]json.RawMessage, field string) ([]*filesystem.File, error) {
	var names []string
	var one string
	if err := json.Unmarshal(fields[field], &names); err != nil {
		if err := json.Unmarshal(fields[field], &one); err != nil {
			return nil, err
		}
		if one != "" {
			names = []string{one}
		}
	}
	var id string
	if err := json.Unmarshal(fields["id"], &id); err != nil {
		return nil, err
	}
	var out []*filesystem.File
	for _, n := range slices.DeleteFunc(names, func(s string) bool { return s == "" }) {
		f, err := r.open(filePath(collection, id, n))
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.LimitReader(f, r.lim.Entry))
		f.Close()
		if err != nil {
			return nil, err
		}
		file, err := filesystem.NewFileFromBytes(b, n)
		if err != nil {
			return nil, errors.Join(fmt.Errorf("file %s", n), err)
		}
		file.Name = n
		out = append(out, file)
	}
	return out, nil
}
