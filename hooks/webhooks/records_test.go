package webhooks

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// CreateRecord saves a new record of collection with fields through the app, hooks and all:
// the one record helper of this package's internal and external tests.
func CreateRecord(t testing.TB, app core.App, collection string, fields map[string]any) *core.Record {
	t.Helper()
	col, err := app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Load(fields)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save %s: %v", collection, err)
	}
	return rec
}
