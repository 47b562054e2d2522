package pb_migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(addWebhooksMax, dropWebhooksMax)
}

// addWebhooksMax adds the cap on the site's webhook subscriptions, 100 on the existing
// settings record: every write fans out to every subscription.
func addWebhooksMax(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.NumberField{Name: "webhooks_max", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(10000.0),
		Help: "The most webhook subscriptions the site may hold (every write is pushed to each); a registration past it is refused with webhook_limit_reached. 0 or empty means 100."})
	if err := saveCollection(app, c); err != nil {
		return err
	}
	_, err = app.DB().Update("site_settings", dbx.Params{"webhooks_max": 100}, nil).Execute()
	return err
}

func dropWebhooksMax(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("webhooks_max")
	return saveCollection(app, c)
}
