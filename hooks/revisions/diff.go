package revisions

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// FieldDiff compares one field of a revision with the current record.
type FieldDiff struct {
	Field    string `json:"field"`
	Changed  bool   `json:"changed"`
	Revision any    `json:"revision"`
	Current  any    `json:"current"`
	// Lines is the line diff from the revision's text to the current one, for a changed text
	// or HTML field; absent otherwise.
	Lines []LineChange `json:"lines,omitempty"`
}

// LineChange is a run of whole lines the same in both (equal), only in the current record
// (insert) or only in the revision (delete).
type LineChange struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// Diff is a revision compared with its record, field by field.
type Diff struct {
	Revision   string      `json:"revision"`
	Collection string      `json:"collection"`
	Record     string      `json:"record"`
	Fields     []FieldDiff `json:"fields"`
}

// Diff compares revision id with the current state of its record, in the order of the
// collection's fields (the automatic dates left out): ErrNotFound, ErrExpired,
// ErrRecordDeleted.
func (s *Service) Diff(app core.App, id string) (Diff, error) {
	rev, err := s.find(app, id)
	if err != nil {
		return Diff{}, err
	}
	old, err := data(rev)
	if err != nil {
		return Diff{}, err
	}
	cur, err := app.FindRecordById(rev.GetString(fieldCollection), rev.GetString(fieldRecord))
	if errors.Is(err, sql.ErrNoRows) {
		return Diff{}, ErrRecordDeleted
	}
	if err != nil {
		return Diff{}, fmt.Errorf("revisions: load the record of revision %s: %w", id, err)
	}
	d := Diff{Revision: rev.Id, Collection: rev.GetString(fieldCollection), Record: cur.Id, Fields: []FieldDiff{}}
	now, err := normalized(recordData(cur))
	if err != nil {
		return Diff{}, err
	}
	for _, f := range cur.Collection().Fields {
		name := f.GetName()
		if _, auto := f.(*core.AutodateField); auto || name == "id" {
			continue
		}
		fd := FieldDiff{Field: name, Revision: old[name], Current: now[name]}
		a, _ := json.Marshal(fd.Revision) // values decoded from JSON marshal again
		b, _ := json.Marshal(fd.Current)
		fd.Changed = !bytes.Equal(a, b)
		if fd.Changed && isText(f) {
			before, _ := fd.Revision.(string)
			after, _ := fd.Current.(string)
			fd.Lines = lineDiff(before, after)
		}
		d.Fields = append(d.Fields, fd)
	}
	return d, nil
}

// normalized is data as a revision stores it: through JSON, so both sides compare alike.
func normalized(data map[string]any) (map[string]any, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("revisions: encode the record: %w", err)
	}
	var out map[string]any
	return out, json.Unmarshal(raw, &out)
}

// isText reports whether f holds prose worth a line diff: plain text or HTML.
func isText(f core.Field) bool {
	switch f.(type) {
	case *core.TextField, *core.EditorField:
		return true
	}
	return false
}

// lineDiff is the line-mode diff of diffmatchpatch (github.com/sergi/go-diff): lines are
// compared whole, so every run is whole lines.
func lineDiff(before, after string) []LineChange {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(before, after)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	out := make([]LineChange, 0, len(diffs))
	for _, d := range diffs {
		op := "equal"
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = "insert"
		case diffmatchpatch.DiffDelete:
			op = "delete"
		}
		out = append(out, LineChange{Op: op, Text: d.Text})
	}
	return out
}
