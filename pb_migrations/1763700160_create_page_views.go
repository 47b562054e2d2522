package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createPageViews, dropCollection("page_views"))
}

// createPageViews creates the page view log used by analytics.
func createPageViews(app core.App) error {
	c := core.NewBaseCollection("page_views")
	c.Fields.Add(
		&core.TextField{Name: "path", Required: true, Presentable: true, Max: 2000},
		textField("referrer", 2000),
		&core.TextField{Name: "visitor", Max: 128, Help: "Hashed visitor id (never a raw IP address)."},
		&core.TextField{Name: "country", Max: 2, Help: "ISO 3166-1 alpha-2 code, if known."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "created", false, "created")
	return saveCollection(app, c)
}
