package pb_migrations

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createChangeGenerations, dropChangeGenerations)
}

// changeGenerationTriggers are the tables whose writes move each area's generation, as this
// migration made them (hooks/changes keeps its own list, and makes the triggers again when a
// schema change dropped them).
var changeGenerationTriggers = []struct {
	area   string
	tables []string
}{
	{"content", []string{"profile", "posts", "projects", "courses", "talks", "experience", "education",
		"skills", "certifications", "members", "site_settings"}},
	{"keys", []string{"api_keys"}},
	{"schema", []string{"_collections", "_params"}},
}

// createChangeGenerations creates the generations table of hooks/changes, one row per area,
// and on every table of an area an AFTER INSERT, UPDATE and DELETE trigger that adds one to
// the area's n in the writer's transaction, whoever the writer is.
func createChangeGenerations(app core.App) error {
	stmts := []string{`CREATE TABLE _cca_generations (area TEXT PRIMARY KEY NOT NULL, n INTEGER NOT NULL DEFAULT 0)`}
	for _, a := range changeGenerationTriggers {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO _cca_generations (area, n) VALUES ('%s', 0)`, a.area))
		for _, table := range a.tables {
			for _, op := range []string{"INSERT", "UPDATE", "DELETE"} {
				stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER "_cca_gen_%s_%s" AFTER %s ON "%s" BEGIN `+
					`INSERT INTO _cca_generations (area, n) VALUES ('%s', 1) ON CONFLICT (area) DO UPDATE SET n = n + 1; END`,
					table, strings.ToLower(op), op, table, a.area))
			}
		}
	}
	return execChangeGenerationStatements(app, stmts)
}

// dropChangeGenerations drops the triggers, then the table they write to.
func dropChangeGenerations(app core.App) error {
	var stmts []string
	for _, a := range changeGenerationTriggers {
		for _, table := range a.tables {
			for _, op := range []string{"insert", "update", "delete"} {
				stmts = append(stmts, fmt.Sprintf(`DROP TRIGGER IF EXISTS "_cca_gen_%s_%s"`, table, op))
			}
		}
	}
	return execChangeGenerationStatements(app, append(stmts, `DROP TABLE _cca_generations`))
}

func execChangeGenerationStatements(app core.App, stmts []string) error {
	for _, s := range stmts {
		if _, err := app.DB().NewQuery(s).Execute(); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}
