package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createPreviewLinks, dropCollection("preview_links"))
}

// createPreviewLinks creates the preview links: each lets a read key see one record, whatever
// its state, until it expires or is revoked. Only the SHA-256 of the token is kept.
func createPreviewLinks(app core.App) error {
	c := core.NewBaseCollection("preview_links")
	c.Fields.Add(
		&core.TextField{Name: "record_collection", Required: true, Max: 100, Presentable: true},
		&core.TextField{Name: "record_id", Required: true, Max: 100, Presentable: true},
		&core.TextField{Name: "token_hash", Required: true, Max: 64, Hidden: true},
		&core.DateField{Name: "expires_at", Required: true},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "token_hash", true, "token_hash")
	addIndex(c, "expires_at", false, "expires_at")
	return saveCollection(app, c)
}
