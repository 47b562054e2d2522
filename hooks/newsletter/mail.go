package newsletter

import (
	"html/template"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/tools/mailer"
)

// confirmationMail is one confirmation e-mail to send.
type confirmationMail struct {
	to, name, id, link string
}

// confirmURL is the confirmation link with token on the site at baseURL.
func confirmURL(baseURL, token string) string {
	return strings.TrimRight(baseURL, "/") + ConfirmPath + token
}

var confirmationHTML = template.Must(template.New("confirm").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<p>Please confirm that you want to receive the newsletter of {{.Site}}.</p>
<p><a href="{{.Link}}">Confirm my subscription</a></p>
<p>The link works for 48 hours. If you did not ask for this, ignore this e-mail: you will not be subscribed.</p>
</body></html>`))

// send hands m to PocketBase's mailer (the SMTP settings, or sendmail); a failure is logged
// with the subscriber's id, never the address.
func (s *Service) send(m *confirmationMail) {
	meta := s.app.Settings().Meta
	var html strings.Builder
	data := struct{ Site, Link string }{meta.AppName, m.link}
	if err := confirmationHTML.Execute(&html, data); err != nil {
		s.app.Logger().Error("newsletter: confirmation e-mail", "subscriber", m.id, "error", err)
		return
	}
	msg := &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Name: m.name, Address: m.to}},
		Subject: "Confirm your subscription to " + meta.AppName,
		HTML:    html.String(),
		Text: "Please confirm that you want to receive the newsletter of " + meta.AppName + ":\n\n" + m.link +
			"\n\nThe link works for 48 hours. If you did not ask for this, ignore this e-mail: you will not be subscribed.\n",
	}
	if err := s.app.NewMailClient().Send(msg); err != nil {
		s.app.Logger().Error("newsletter: sending a confirmation e-mail failed", "subscriber", m.id, "error", err)
	}
}
