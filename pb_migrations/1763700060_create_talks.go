package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createTalks, dropCollection("talks"))
}

// createTalks creates the talks collection; v1 lists it with cursors.
func createTalks(app core.App) error {
	c := core.NewBaseCollection("talks")
	c.Fields.Add(
		titleField("title", 300),
		&core.TextField{Name: "event", Max: 200, Help: "Conference or meetup name."},
		&core.DateField{Name: "date"},
		textField("location", 200),
		&core.URLField{Name: "url", Help: "Talk or event page."},
		&core.URLField{Name: "slides_url"},
		&core.URLField{Name: "video_url"},
		&core.EditorField{Name: "description"},
	)
	c.Fields.Add(timestampFields()...)
	addCursorIndexes(c, "", "")
	return saveCollection(app, c)
}
