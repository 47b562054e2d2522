package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createNewsletterSends, dropNewsletterSends)
}

// createNewsletterSends creates the newsletter's outbox: a send (one post mailed to the
// confirmed subscribers, its message rendered once when it was queued) and its deliveries, one
// per recipient, which is what makes a send resume where it was after a restart without mailing
// anyone twice.
func createNewsletterSends(app core.App) error {
	sends := core.NewBaseCollection("newsletter_sends")
	sends.Fields.Add(
		&core.TextField{Name: "post", Required: true, Max: 100, Presentable: true},
		&core.SelectField{Name: "state", Values: []string{"queued", "sending", "paused", "cancelled", "finished"},
			MaxSelect: 1, Required: true},
		&core.BoolField{Name: "email_only", Help: "The post was a draft mailed to subscribers only, never on the site."},
		&core.BoolField{Name: "resend", Help: "The owner asked to mail this post again."},
		&core.TextField{Name: "subject", Required: true, Max: 300},
		&core.TextField{Name: "html", Max: 2 << 20},
		&core.TextField{Name: "text", Max: 2 << 20},
		&core.NumberField{Name: "total", OnlyInt: true},
		&core.DateField{Name: "started_at"},
		&core.DateField{Name: "finished_at"},
	)
	sends.Fields.Add(timestampFields()...)
	addIndex(sends, "post", false, "post")
	addIndex(sends, "state", false, "state")
	if err := saveCollection(app, sends); err != nil {
		return err
	}
	deliveries := core.NewBaseCollection("newsletter_deliveries")
	deliveries.Fields.Add(
		&core.TextField{Name: "send", Required: true, Max: 100},
		&core.TextField{Name: "subscriber", Required: true, Max: 100},
		&core.SelectField{Name: "state", Values: []string{"pending", "sent", "failed", "bounced"}, MaxSelect: 1, Required: true},
		&core.NumberField{Name: "attempts", OnlyInt: true},
		&core.DateField{Name: "next_at"},
		&core.DateField{Name: "sent_at"},
		&core.TextField{Name: "reply", Max: 1000, Help: "The mail server's last answer when it refused the message."},
	)
	deliveries.Fields.Add(timestampFields()...)
	addIndex(deliveries, "send_subscriber", true, "send, subscriber")
	addIndex(deliveries, "send_state", false, "send, state, next_at")
	return saveCollection(app, deliveries)
}

func dropNewsletterSends(app core.App) error {
	if err := dropCollection("newsletter_deliveries")(app); err != nil {
		return err
	}
	return dropCollection("newsletter_sends")(app)
}
