package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addConfirmationMails, dropConfirmationMails)
}

// addConfirmationMails keeps, hidden, when the last confirmation e-mails went to each
// subscriber's address: the form mails an address at most a few times a day, so that nobody
// can mail-bomb a stranger through it.
func addConfirmationMails(app core.App) error {
	c, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.JSONField{Name: "confirmation_mails", Hidden: true, MaxSize: 1024,
		Help: "When the latest confirmation e-mails were sent (the form sends at most 3 a day to an address)."})
	return saveCollection(app, c)
}

func dropConfirmationMails(app core.App) error {
	c, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("confirmation_mails")
	return saveCollection(app, c)
}
