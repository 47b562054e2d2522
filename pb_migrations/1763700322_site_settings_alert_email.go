package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addAlertEmail, dropAlertEmail)
}

// addAlertEmail adds where the owner is told that a webhook was switched off automatically;
// empty means the superusers' addresses.
func addAlertEmail(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.EmailField{Name: "alert_email",
		Help: "Where to send a note when a webhook is switched off after failing (sent with the mail settings). Empty: every superuser's address."})
	return saveCollection(app, c)
}

func dropAlertEmail(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("alert_email")
	return saveCollection(app, c)
}
