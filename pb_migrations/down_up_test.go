package pb_migrations_test

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// The down steps and the up steps are checked apart, in parallel: together the two tests say
// that down then up gives a fresh install again, since down must leave exactly the schema that
// up starts from.

// TestDownRevertsEverything: every down step runs, newest first, on a fresh install, and together
// they leave exactly what PocketBase's own migrations make: no table, index, collection or
// migration record of ours.
func TestDownRevertsEverything(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	if _, err := core.NewMigrationsRunner(ta, core.AppMigrations).Down(len(core.AppMigrations.Items())); err != nil {
		t.Fatalf("down: %v", err)
	}
	sameSchema(t, dbSchema(t, ta), dbSchema(t, appOn(t, systemOnly)))
}

// TestUpAfterPocketBase: our up steps, run after all of PocketBase's own migrations (as after
// the down steps; TestMain runs them, see upAfterSystem), give exactly a fresh install's schema
// and its settings record.
func TestUpAfterPocketBase(t *testing.T) {
	t.Parallel()
	app := appOn(t, upAfterSystem)
	sameSchema(t, dbSchema(t, app), dbSchema(t, newApp(t)))
	if recs, err := app.FindAllRecords(vocab.SiteSettings); err != nil || len(recs) != 1 {
		t.Errorf("site_settings: %d records, err %v; want 1", len(recs), err)
	}
}

// sameSchema reports every difference between two dbSchema descriptions.
func sameSchema(t *testing.T, got, want map[string]string) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is missing", name)
		} else if g != want[name] {
			t.Errorf("%s:\n%s\nwant:\n%s", name, g, want[name])
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s should not exist: %s", name, got[name])
		}
	}
}

// dbSchema describes app's schema by name: the SQL of every table, index and trigger, every
// collection's definition (fields, indexes, rules) without its timestamps, and the migrations
// recorded as applied.
func dbSchema(t *testing.T, app core.App) map[string]string {
	t.Helper()
	var objects []struct {
		Type string `db:"type"`
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}
	err := app.DB().NewQuery("SELECT type, name, IFNULL(sql, '') AS sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").
		All(&objects)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, o := range objects {
		out[o.Type+" "+o.Name] = o.SQL
	}

	var applied []string
	if err := app.DB().NewQuery("SELECT file FROM " + core.DefaultMigrationsTable + " ORDER BY file").Column(&applied); err != nil {
		t.Fatal(err)
	}
	out["applied migrations"] = strings.Join(applied, "\n")

	collections, err := app.FindAllCollections()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range collections {
		var def map[string]any
		b, err := json.Marshal(c)
		if err == nil {
			err = json.Unmarshal(b, &def)
		}
		if err != nil {
			t.Fatalf("collection %s: %v", c.Name, err)
		}
		delete(def, "created")
		delete(def, "updated")
		if b, err = json.Marshal(def); err != nil { // map keys sorted: comparable text
			t.Fatal(err)
		}
		out["collection "+c.Name] = string(b)
	}
	return out
}
