package pb_migrations

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(closeUsersSignUp, reopenUsersSignUp)
}

// closeUsersSignUp closes PocketBase's default "users" collection to anonymous sign-up: its
// create rule becomes superusers-only (nil). Nothing in this project uses the collection (the
// site's accounts are members), but it is kept, not deleted: an owner may have made accounts
// in it from the dashboard, and PocketBase's own first migration drops its table by name on
// the way down. A site without the collection has nothing to close.
func closeUsersSignUp(app core.App) error {
	return setUsersCreateRule(app, nil)
}

// reopenUsersSignUp puts back PocketBase's default create rule: anyone may sign up.
func reopenUsersSignUp(app core.App) error {
	return setUsersCreateRule(app, types.Pointer(""))
}

func setUsersCreateRule(app core.App, rule *string) error {
	c, err := app.FindCollectionByNameOrId("users")
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	c.CreateRule = rule
	return saveCollection(app, c)
}
