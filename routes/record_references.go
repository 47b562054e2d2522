package routes

import (
	"fmt"
	"net/http"
	"sort"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// checkNotRequired refuses to delete a record that another record requires: a required
// relation without cascade, such as an enrollment's course. PocketBase refuses such a delete
// too, but with a plain error (a 500 here); this says why, with a 409, before anything changes.
// Relations that cascade (a course's lessons) or are optional do not stop a delete.
func checkNotRequired(app core.App, rec *core.Record) error {
	refs, err := app.FindCachedCollectionReferences(rec.Collection())
	if err != nil {
		return apierr.Internal(err)
	}
	cols := make([]*core.Collection, 0, len(refs))
	for c := range refs {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool { return cols[i].Name < cols[j].Name })
	for _, c := range cols {
		for _, f := range refs[c] {
			rel, ok := f.(*core.RelationField)
			if !ok || !rel.Required || rel.CascadeDelete {
				continue
			}
			n, err := app.CountRecords(c, onlyReference(rel, rec.Id))
			if err != nil {
				return apierr.Internal(err)
			}
			if n > 0 {
				return &apierr.Error{Status: http.StatusConflict, Code: apierr.CodeConflict,
					Message: fmt.Sprintf("cannot delete: %d %s record(s) require it", n, c.Name)}
			}
		}
	}
	return nil
}

// onlyReference matches records whose relation holds id and nothing else: deleting id would
// leave a required relation empty.
func onlyReference(rel *core.RelationField, id string) dbx.Expression {
	if !rel.IsMultiple() {
		return dbx.HashExp{rel.Name: id}
	}
	return dbx.NewExp(fmt.Sprintf("json_valid([[%[1]s]]) AND json_array_length([[%[1]s]]) = 1 AND json_extract([[%[1]s]], '$[0]') = {:id}", rel.Name),
		dbx.Params{"id": id})
}
