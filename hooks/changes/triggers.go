package changes

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// triggerPrefix starts the name of every trigger of ours: _cca_gen_<table>_<op>.
const triggerPrefix = "_cca_gen_"

// triggerOps are the writes each area table has a trigger for.
var triggerOps = []string{"INSERT", "UPDATE", "DELETE"}

// triggerSQL is the name and the statement of the trigger that moves area's generation on op
// of table (an UPDATE of updateColumns only, where the table has them), in the same
// transaction as the write. SQLite keeps the statement verbatim in
// sqlite_master (rewriting the table's name when the table is renamed), which is how
// ensureTriggers recognises a trigger that is in place.
func triggerSQL(area, table, op string) (name, sql string) {
	name = triggerPrefix + table + "_" + strings.ToLower(op)
	event := op
	if cols := updateColumns[table]; op == "UPDATE" && len(cols) > 0 {
		event = `UPDATE OF "` + strings.Join(cols, `", "`) + `"`
	}
	sql = fmt.Sprintf(`CREATE TRIGGER "%s" AFTER %s ON "%s" BEGIN `+
		`INSERT INTO %s (area, n) VALUES ('%s', 1) ON CONFLICT (area) DO UPDATE SET n = n + 1; END`,
		name, event, table, Table, area)
	return name, sql
}

// errNotInstalled says that the generations table is missing: its migration has not run
// (yet: PocketBase's own migrations save collections before ours run).
var errNotInstalled = errors.New("the table " + Table + " is missing: run the migrations")

// ensureTriggers gives every existing table of every area its triggers, and every area its row,
// and returns how many triggers it created; errNotInstalled without the generations table. A trigger goes with its table: PocketBase drops the
// table when a collection is deleted (a collection made again under the same name has none)
// and renames it with the collection (the trigger follows the table, under its old name).
// Adding, renaming or removing fields alters the table in place and keeps its triggers.
func ensureTriggers(app core.App) (int, error) {
	if !app.HasTable(Table) {
		return 0, errNotInstalled
	}
	created := 0
	err := app.RunInTransaction(func(tx core.App) error {
		created = 0
		// Writing the rows first takes the write lock, so that a second server doing the same
		// at the same moment waits instead of reading a schema about to change.
		for _, area := range areaNames() {
			_, err := tx.DB().NewQuery("INSERT INTO " + Table + " (area, n) VALUES ({:area}, 0) ON CONFLICT (area) DO NOTHING").
				Bind(dbx.Params{"area": area}).Execute()
			if err != nil {
				return fmt.Errorf("the %s row of %s: %w", area, Table, err)
			}
		}
		var schema []struct {
			Type string `db:"type"`
			Name string `db:"name"`
			SQL  string `db:"sql"`
		}
		err := tx.DB().NewQuery("SELECT type, name, COALESCE(sql, '') AS sql FROM sqlite_master WHERE type IN ('table', 'trigger')").All(&schema)
		if err != nil {
			return fmt.Errorf("reading the schema: %w", err)
		}
		tables, triggers := map[string]bool{}, map[string]string{}
		for _, s := range schema {
			if s.Type == "table" {
				tables[strings.ToLower(s.Name)] = true
			} else {
				triggers[s.Name] = s.SQL
			}
		}
		for _, area := range areaNames() {
			for _, table := range areaTables[area] {
				if !tables[strings.ToLower(table)] {
					continue // not created yet, or deleted: nothing to watch
				}
				for _, op := range triggerOps {
					name, sql := triggerSQL(area, table, op)
					if triggers[name] == sql {
						continue
					}
					// A trigger of this name that differs (it moved with a table renamed away, or has an
					// older shape) is replaced.
					if _, err := tx.DB().NewQuery(`DROP TRIGGER IF EXISTS "` + name + `"`).Execute(); err != nil {
						return fmt.Errorf("dropping trigger %s: %w", name, err)
					}
					if _, err := tx.DB().NewQuery(sql).Execute(); err != nil {
						return fmt.Errorf("creating trigger %s: %w", name, err)
					}
					created++
				}
			}
		}
		return nil
	})
	return created, err
}

// areaNames are the areas in a fixed order.
func areaNames() []string {
	names := make([]string, 0, len(areaTables))
	for name := range areaTables {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
