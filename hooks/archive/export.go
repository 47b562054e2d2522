package archive

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// exportBatch is how many records are read at a time: memory holds one batch, not a table.
const exportBatch = 500

// Export writes the site's archive to w, streaming.
func Export(app core.App, w io.Writer, now time.Time) error {
	zw := zip.NewWriter(w)
	m := Manifest{Format: Format, Version: Version, ExportedAt: now.UTC().Format(time.RFC3339), Collections: map[string]int{}}
	for _, name := range collections {
		col, err := app.FindCachedCollectionByNameOrId(name)
		if err != nil {
			return fmt.Errorf("export %s: %w", name, err)
		}
		n, files, err := exportCollection(app, zw, col)
		if err != nil {
			return fmt.Errorf("export %s: %w", name, err)
		}
		m.Collections[name] = n
		m.Files += files
	}
	mw, err := zw.Create("manifest.json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(mw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return err
	}
	return zw.Close()
}

// exportCollection writes collections/<name>.json, then the records' files.
func exportCollection(app core.App, zw *zip.Writer, col *core.Collection) (records, files int, err error) {
	jw, err := zw.Create(collectionPath(col.Name))
	if err != nil {
		return 0, 0, err
	}
	if _, err := io.WriteString(jw, "["); err != nil {
		return 0, 0, err
	}
	var withFiles []*core.Record
	for offset := 0; ; offset += exportBatch {
		var batch []*core.Record
		if err := app.RecordQuery(col).OrderBy("rowid").Limit(exportBatch).Offset(int64(offset)).All(&batch); err != nil {
			return 0, 0, err
		}
		for _, rec := range batch {
			b, err := json.Marshal(row(rec))
			if err != nil {
				return 0, 0, err
			}
			sep := ",\n"
			if records == 0 {
				sep = "\n"
			}
			if _, err := io.WriteString(jw, sep+string(b)); err != nil {
				return 0, 0, err
			}
			records++
			if len(fileNames(rec)) > 0 {
				withFiles = append(withFiles, rec)
			}
		}
		if len(batch) < exportBatch {
			break
		}
	}
	if _, err := io.WriteString(jw, "\n]\n"); err != nil {
		return 0, 0, err
	}
	for _, rec := range withFiles {
		n, err := exportFiles(app, zw, rec)
		if err != nil {
			return 0, 0, err
		}
		files += n
	}
	return records, files, nil
}

// row is a record as the archive holds it: every field but the secrets, as stored.
func row(rec *core.Record) map[string]any {
	out := map[string]any{}
	for _, f := range rec.Collection().Fields {
		if secret(f) {
			continue
		}
		out[f.GetName()] = rec.GetRaw(f.GetName())
	}
	return out
}

// fileNames are the names in rec's file fields.
func fileNames(rec *core.Record) []string {
	var names []string
	for _, f := range rec.Collection().Fields {
		if _, ok := f.(*core.FileField); ok {
			names = append(names, rec.GetStringSlice(f.GetName())...)
		}
	}
	return names
}

// exportFiles copies rec's uploaded files from the site's storage into the zip.
func exportFiles(app core.App, zw *zip.Writer, rec *core.Record) (int, error) {
	fsys, err := app.NewFilesystem()
	if err != nil {
		return 0, err
	}
	defer fsys.Close()
	n := 0
	for _, name := range fileNames(rec) {
		r, err := fsys.GetReader(rec.BaseFilesPath() + "/" + name)
		if err != nil {
			return n, fmt.Errorf("file %s of %s: %w", name, rec.Id, err)
		}
		w, err := zw.Create(filePath(rec.Collection().Name, rec.Id, name))
		if err == nil {
			_, err = io.Copy(w, r)
		}
		r.Close()
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
