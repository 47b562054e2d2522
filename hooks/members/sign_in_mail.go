package members

import (
	"fmt"
	"html/template"
	"net/mail"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// signInMail is one sign-in e-mail: the code, and the link when the site has an address.
type signInMail struct {
	Site     string // the app's name
	Code     string
	Link     string // empty: the mail carries the code only
	Lifetime time.Duration
}

var signInHTML = template.Must(template.New("sign-in").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<p>Your code to sign in to {{.Site}}: <strong>{{.Code}}</strong></p>
{{if .Link}}<p>Or sign in with this link: <a href="{{.Link}}">Sign in to {{.Site}}</a></p>
{{end}}<p>{{if .Link}}The code and the link work{{else}}The code works{{end}} once, for {{.Minutes}} minutes. If you did not ask to sign in, ignore this e-mail.</p>
</body></html>`))

// Minutes is the lifetime the mail announces.
func (m signInMail) Minutes() int { return int(m.Lifetime / time.Minute) }

// text is the mail's plain-text part.
func (m signInMail) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Your code to sign in to %s: %s\n\n", m.Site, m.Code)
	works := "The code works"
	if m.Link != "" {
		fmt.Fprintf(&b, "Or sign in with this link: %s\n\n", m.Link)
		works = "The code and the link work"
	}
	fmt.Fprintf(&b, "%s once, for %d minutes. If you did not ask to sign in, ignore this e-mail.\n", works, m.Minutes())
	return b.String()
}

// sendSignInMail mails m to the member through PocketBase's mailer (its SMTP settings, or
// sendmail, and its OnMailerSend hook).
func sendSignInMail(app core.App, to string, m signInMail) error {
	var html strings.Builder
	if err := signInHTML.Execute(&html, m); err != nil {
		return fmt.Errorf("members: sign-in e-mail: %w", err)
	}
	meta := app.Settings().Meta
	return app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: to}},
		Subject: "Your sign-in code for " + m.Site,
		HTML:    html.String(),
		Text:    m.text(),
	})
}
