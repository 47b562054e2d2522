package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createProfile, dropCollection("profile"))
}

// createProfile creates the single-record profile of the site owner.
func createProfile(app core.App) error {
	c := core.NewBaseCollection("profile")
	c.Fields.Add(
		titleField("name", 200),
		textField("headline", 300),
		&core.EditorField{Name: "bio"},
		imageField("avatar", 1, ""),
		textField("location", 200),
		&core.URLField{Name: "website"},
		&core.JSONField{
			Name:    "links",
			MaxSize: 16 << 10,
			Help:    `JSON array of links, e.g. [{"label":"GitHub","url":"https://github.com/me"}].`,
		},
		&core.EmailField{Name: "email", Help: "Public contact address."},
	)
	c.Fields.Add(timestampFields()...)
	return saveCollection(app, c)
}
