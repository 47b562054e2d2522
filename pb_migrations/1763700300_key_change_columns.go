package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(narrowKeyChangeTrigger, widenKeyChangeTrigger)
}

// narrowKeyChangeTrigger remakes the keys area's UPDATE trigger of 1763700290 for the columns
// a key's check reads only: the once-a-minute write of last_used_at is then no change of the
// keys, and leaves every server's key cache as it is (hooks/changes, updateColumns).
func narrowKeyChangeTrigger(app core.App) error {
	return execChangeGenerationStatements(app, []string{
		`DROP TRIGGER IF EXISTS "_cca_gen_api_keys_update"`,
		`CREATE TRIGGER "_cca_gen_api_keys_update" AFTER UPDATE OF "key_hash", "previous_hash", "previous_expires_at", "scopes", "allowed_origins", "expiry", "active" ON "api_keys" BEGIN ` +
			`INSERT INTO _cca_generations (area, n) VALUES ('keys', 1) ON CONFLICT (area) DO UPDATE SET n = n + 1; END`,
	})
}

// widenKeyChangeTrigger puts back the trigger as 1763700290 made it: any update of a key.
func widenKeyChangeTrigger(app core.App) error {
	return execChangeGenerationStatements(app, []string{
		`DROP TRIGGER IF EXISTS "_cca_gen_api_keys_update"`,
		`CREATE TRIGGER "_cca_gen_api_keys_update" AFTER UPDATE ON "api_keys" BEGIN ` +
			`INSERT INTO _cca_generations (area, n) VALUES ('keys', 1) ON CONFLICT (area) DO UPDATE SET n = n + 1; END`,
	})
}
