package pb_migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addFeedSettings, dropFeedSettings)
}

// addFeedSettings adds the settings of the RSS, Atom and JSON feeds and switches the feeds on
// for the existing settings record; they stay unserved until site_url is set.
func addFeedSettings(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	c.Fields.Add(
		&core.URLField{Name: "site_url",
			Help: "Your public site, e.g. https://example.com. The feeds (/feed.xml, /atom.xml, /feed.json) link to it and are served only when it is set."},
		&core.TextField{Name: "post_url_pattern", Max: 500,
			Help: "A post's address on your site; it must contain {slug}, and may use {site_url} and {id}. Empty means {site_url}/posts/{slug}."},
		&core.BoolField{Name: "feeds_enabled", Help: "Serves the RSS, Atom and JSON feeds of your public posts."},
	)
	if err := saveCollection(app, c); err != nil {
		return err
	}
	_, err = app.DB().Update("site_settings", dbx.Params{
		"feeds_enabled":    true,
		"post_url_pattern": "{site_url}/posts/{slug}",
	}, nil).Execute()
	return err
}

func dropFeedSettings(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	for _, name := range []string{"site_url", "post_url_pattern", "feeds_enabled"} {
		c.Fields.RemoveByName(name)
	}
	return saveCollection(app, c)
}
