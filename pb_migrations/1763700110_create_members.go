package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createMembers, dropCollection("members"))
}

// createMembers creates the members auth collection. Its CRUD rules stay nil like every other
// collection (superusers manage members; v2 reads them through our routes); the default auth
// rule is kept so members can still sign in to the site with their password.
func createMembers(app core.App) error {
	c := core.NewAuthCollection("members")
	c.Fields.Add(&core.TextField{Name: "name", Presentable: true, Max: 200})
	c.Fields.Add(timestampFields()...)
	return saveCollection(app, c)
}
