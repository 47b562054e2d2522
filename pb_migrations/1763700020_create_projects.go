package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createProjects, dropCollection("projects"))
}

// createProjects creates the portfolio projects collection: the post shape plus links.
func createProjects(app core.App) error {
	return saveCollection(app, newContentCollection("projects",
		&core.URLField{Name: "url", Help: "Live site or product page."},
		&core.URLField{Name: "repo_url", Help: "Source code repository."},
	))
}
