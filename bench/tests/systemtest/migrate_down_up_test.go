//go:build system

package systemtest

import (
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
)

// The newest migration goes down and up again (`migrate down 1`, `migrate up`) on the earlier
// release's data, once this release has migrated it, and leaves the schema as it was: every
// table, index and trigger in sqlite_master, and every collection's definition in
// _collections.
func TestNewestMigrationGoesDownAndUp(t *testing.T) {
	_, dir := upgradeCopy(t)
	MustRun(t, dir, "migrate", "up")
	before := schemaOf(t, dir)

	// `migrate down` asks before it reverts; the operator answers yes.
	down := exec.Command(Binary(t), "--dir", dir, "migrate", "down", "1")
	down.Stdin = strings.NewReader("y\n")
	out, err := down.CombinedOutput()
	reverted := regexp.MustCompile(`Reverted (\S+)`).FindStringSubmatch(string(out))
	if err != nil || reverted == nil {
		t.Fatalf("migrate down 1: %v\n%s", err, out)
	}
	if reflect.DeepEqual(schemaOf(t, dir), before) {
		t.Errorf("the schema is the same after reverting %s", reverted[1])
	}

	out2 := MustRun(t, dir, "migrate", "up")
	if !strings.Contains(out2, "Applied "+reverted[1]) {
		t.Fatalf("migrate up after reverting %s:\n%s", reverted[1], out2)
	}
	after := schemaOf(t, dir)
	for _, kind := range []string{"sqlite_master", "_collections"} {
		if !reflect.DeepEqual(after[kind], before[kind]) {
			t.Errorf("%s after %s went down and up:\n%v\nwas\n%v", kind, reverted[1], after[kind], before[kind])
		}
	}
	t.Logf("%s reverted and applied again; %d sqlite_master rows and %d collections as before",
		reverted[1], len(before["sqlite_master"]), len(before["_collections"]))
}

// schemaOf is a data directory's schema, row by row: sqlite_master (type, name, table and
// SQL of every table, index and trigger) and _collections (each collection's definition:
// fields, indexes, rules, options; not the created and updated times, which a collection
// saved again by a migration's down and up steps renews).
func schemaOf(t *testing.T, dir string) map[string][]string {
	t.Helper()
	schema := map[string][]string{}
	readDataDB(t, dir, func(db *dbx.DB) error {
		for kind, query := range map[string]string{
			"sqlite_master": "SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || IFNULL(sql, '') FROM sqlite_master ORDER BY type, name",
			"_collections": "SELECT json_object('id', id, 'system', system, 'type', type, 'name', name, 'fields', json(fields), " +
				"'indexes', json(indexes), 'listRule', listRule, 'viewRule', viewRule, 'createRule', createRule, " +
				"'updateRule', updateRule, 'deleteRule', deleteRule, 'options', json(options)) FROM _collections ORDER BY name",
		} {
			var rows []string
			if err := db.NewQuery(query).Column(&rows); err != nil {
				return err
			}
			schema[kind] = rows
		}
		return nil
	})
	return schema
}
