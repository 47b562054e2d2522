package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createContentRevisions, dropCollection("content_revisions"))
}

// createContentRevisions creates the history of content records: one row per change, holding
// the record's field values before it (or its last state, for a delete). Rules stay nil: only
// the owner sees them, through the admin API or the dashboard.
func createContentRevisions(app core.App) error {
	c := core.NewBaseCollection("content_revisions")
	c.Fields.Add(
		&core.TextField{Name: "record_collection", Required: true, Max: 100, Presentable: true,
			Help: "The collection of the record this is a revision of."},
		&core.TextField{Name: "record_id", Required: true, Max: 100, Presentable: true},
		&core.SelectField{Name: "action", Values: []string{"update", "delete", "restore"}, MaxSelect: 1, Required: true,
			Help: "What replaced these values: an update, a delete or a restore of another revision."},
		&core.SelectField{Name: "actor_type", Values: []string{"owner", "key", "command", "system"}, MaxSelect: 1, Required: true},
		&core.TextField{Name: "actor", Max: 300, Help: "The owner's e-mail, the API key's name or the command."},
		&core.JSONField{Name: "data", MaxSize: 16 << 20, Help: "The record's field values before the change."},
		&core.JSONField{Name: "files", MaxSize: 64 << 10,
			Help: "Names of the files this revision keeps a copy of (in its own storage directory)."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "record_created", false, "record_collection, record_id, created")
	addIndex(c, "created", false, "created")
	return saveCollection(app, c)
}
