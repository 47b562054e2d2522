package pb_migrations

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createEventChangeTriggers, dropEventChangeTriggers)
}

// createEventChangeTriggers adds the events area to the generations of 1763700290: its row,
// and the triggers on webhook_events that move it in the writer's transaction, so that an
// event stream learns of an event within a check of hooks/changes, whichever process wrote it.
func createEventChangeTriggers(app core.App) error {
	stmts := []string{`INSERT INTO _cca_generations (area, n) VALUES ('events', 0) ON CONFLICT (area) DO NOTHING`}
	for _, op := range []string{"INSERT", "UPDATE", "DELETE"} {
		stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER "_cca_gen_webhook_events_%s" AFTER %s ON "webhook_events" BEGIN `+
			`INSERT INTO _cca_generations (area, n) VALUES ('events', 1) ON CONFLICT (area) DO UPDATE SET n = n + 1; END`,
			strings.ToLower(op), op))
	}
	return execChangeGenerationStatements(app, stmts)
}

// dropEventChangeTriggers drops the triggers and the row.
func dropEventChangeTriggers(app core.App) error {
	return execChangeGenerationStatements(app, []string{
		`DROP TRIGGER IF EXISTS "_cca_gen_webhook_events_insert"`,
		`DROP TRIGGER IF EXISTS "_cca_gen_webhook_events_update"`,
		`DROP TRIGGER IF EXISTS "_cca_gen_webhook_events_delete"`,
		`DELETE FROM _cca_generations WHERE area = 'events'`,
	})
}
