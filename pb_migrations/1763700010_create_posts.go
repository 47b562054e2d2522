package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createPosts, dropCollection("posts"))
}

// createPosts creates the blog posts collection.
func createPosts(app core.App) error {
	return saveCollection(app, newContentCollection("posts"))
}
