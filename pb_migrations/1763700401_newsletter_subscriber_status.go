package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addSubscriberStatus, dropSubscriberStatus)
}

// addSubscriberStatus gives each newsletter subscriber a state (pending until the address is
// confirmed; unsubscribed; bounced when a mail server refused the address for good: never
// mailed again) and a secret token of its own for its unsubscribe link, which stays valid as
// long as the subscriber exists. Existing rows take their state from `confirmed`.
func addSubscriberStatus(app core.App) error {
	c, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	c.Fields.Add(
		&core.SelectField{Name: "status", Values: []string{"pending", "confirmed", "unsubscribed", "bounced"},
			MaxSelect: 1, Help: "pending until the address is confirmed; bounced addresses are never mailed again."},
		&core.TextField{Name: "unsubscribe_token", Hidden: true, Max: 64, AutogeneratePattern: `[a-zA-Z0-9]{32}`,
			Help: "The secret of this subscriber's unsubscribe link."},
	)
	if err := saveCollection(app, c); err != nil {
		return err
	}
	if _, err := app.DB().NewQuery(`UPDATE newsletter_subscribers SET
		status = CASE WHEN confirmed THEN 'confirmed' ELSE 'pending' END,
		unsubscribe_token = lower(hex(randomblob(16)))`).Execute(); err != nil {
		return err
	}
	addIndex(c, "status", false, "status")
	c.AddIndex("idx_newsletter_subscribers_unsubscribe_token", true, "unsubscribe_token", "unsubscribe_token != ''")
	return saveCollection(app, c)
}

func dropSubscriberStatus(app core.App) error {
	c, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	c.RemoveIndex("idx_newsletter_subscribers_status")
	c.RemoveIndex("idx_newsletter_subscribers_unsubscribe_token")
	c.Fields.RemoveByName("status")
	c.Fields.RemoveByName("unsubscribe_token")
	return saveCollection(app, c)
}
