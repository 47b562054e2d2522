package subscriptions

import (
	"errors"
	"fmt"
	"html"
	"net/mail"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"github.com/creator-content-api/server/hooks/vocab"
)

// mailedErrors is how many of the last attempts' errors the switch-off note lists.
const mailedErrors = 3

// errNoRecipient means there is nobody to tell: no alert_email and no superuser.
var errNoRecipient = errors.New("no alert_email in site_settings and no superuser to write to")

// automaticReason reports whether a subscription switched off for reason was switched off by
// the sender (failures, 410 Gone), which its owner may not know about.
func automaticReason(reason string) bool {
	return reason == ReasonGone || reason == ReasonFailures
}

// mailSwitchOff tells the owner, through PocketBase's mailer (its SMTP settings, else
// sendmail), that the sender switched subscription id off: which one, why, its last
// errors and where to re-enable it. The recipients are site_settings.alert_email, else every
// superuser.
func mailSwitchOff(app core.App, id string) error {
	sub, err := Find(app, id)
	if err != nil {
		return err
	}
	to, err := alertRecipients(app)
	if err != nil {
		return err
	}
	var lastErrors []string
	err = app.DB().Select("a.error").From(vocab.WebhookAttempts+" a").
		InnerJoin(vocab.WebhookDeliveries+" d", dbx.NewExp("d.id = a.delivery")).
		Where(dbx.HashExp{"d.subscription": id}).AndWhere(dbx.NewExp("a.error != ''")).
		OrderBy("a.at DESC", "a.rowid DESC").Limit(mailedErrors).Column(&lastErrors)
	if err != nil {
		return fmt.Errorf("the last errors of %s: %w", id, err)
	}
	meta := app.Settings().Meta
	link := strings.TrimRight(meta.AppURL, "/") + "/console/#webhooks"
	url := sub.GetString("url")
	reason := sub.GetString("disabled_reason")

	var text, body strings.Builder
	fmt.Fprintf(&text, "Your webhook to %s was switched off: %s.\n\nNothing more is sent to it until you re-enable it. Its last errors:\n", url, reason)
	fmt.Fprintf(&body, "<p>Your webhook to <code>%s</code> was switched off: %s.</p><p>Nothing more is sent to it until you re-enable it. Its last errors:</p><ul>", html.EscapeString(url), html.EscapeString(reason))
	for _, e := range lastErrors {
		fmt.Fprintf(&text, "- %s\n", e)
		fmt.Fprintf(&body, "<li>%s</li>", html.EscapeString(e))
	}
	fmt.Fprintf(&text, "\nRe-enable it, and re-send what it missed, in the console: %s\n", link)
	fmt.Fprintf(&body, "</ul><p>Re-enable it, and re-send what it missed, in the console: <a href=\"%s\">%s</a></p>", html.EscapeString(link), html.EscapeString(link))
	return app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      to,
		Subject: "Webhook switched off: " + url,
		Text:    text.String(),
		HTML:    body.String(),
	})
}

// alertRecipients are site_settings.alert_email, else every superuser's address.
func alertRecipients(app core.App) ([]mail.Address, error) {
	var alert string
	err := app.DB().Select("alert_email").From(vocab.SiteSettings).OrderBy("created", "id").Limit(1).Row(&alert)
	if err == nil && alert != "" {
		return []mail.Address{{Address: alert}}, nil
	}
	supers, err := app.FindAllRecords(core.CollectionNameSuperusers)
	if err != nil {
		return nil, fmt.Errorf("the superusers: %w", err)
	}
	var to []mail.Address
	for _, s := range supers {
		to = append(to, mail.Address{Address: s.Email()})
	}
	if len(to) == 0 {
		return nil, errNoRecipient
	}
	return to, nil
}
