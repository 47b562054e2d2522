package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createSiteSettings, dropCollection("site_settings"))
}

// createSiteSettings creates the owner's settings collection; it holds one record, inserted by
// the next migration.
func createSiteSettings(app core.App) error {
	c := core.NewBaseCollection("site_settings")
	c.Fields.Add(
		&core.SelectField{
			Name:        "plan",
			Values:      []string{"free", "pro", "business"},
			MaxSelect:   1,
			Required:    true,
			Presentable: true,
			Help:        "The site's plan; it decides which analytics fields the API returns.",
		},
		&core.BoolField{
			Name: "webhooks_allow_private",
			Help: "Allows http:// and private addresses for webhooks, for local development. Keep off in production.",
		},
	)
	c.Fields.Add(timestampFields()...)
	return saveCollection(app, c)
}
