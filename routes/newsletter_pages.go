package routes

import (
	"errors"
	"html/template"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/newsletter"
)

// oneClickBody is the form body of an RFC 8058 one-click unsubscribe, which mail providers
// POST to the List-Unsubscribe URL; the unsubscribe page's button sends the same.
const oneClickBody = "One-Click"

// bindNewsletterPages serves the links of the newsletter's e-mails at the site's root: a GET
// shows a small page with a button and changes nothing (link scanners follow every GET), the
// POST acts. A POST of List-Unsubscribe=One-Click to an unsubscribe link unsubscribes at once.
func (a *API) bindNewsletterPages(se *core.ServeEvent) {
	rl := a.rateLimits(TierModerate)
	se.Router.GET(newsletter.ConfirmPath+"{token}", a.confirmPage).Bind(rl...)
	se.Router.POST(newsletter.ConfirmPath+"{token}", a.confirmSubscription).Bind(rl...)
	se.Router.GET(newsletter.UnsubscribePath+"{token}", a.unsubscribePage).Bind(rl...)
	se.Router.POST(newsletter.UnsubscribePath+"{token}", a.unsubscribeAtOnce).Bind(rl...)
}

// newsletterPage is one of the small pages of the links: a title, a line, and the button
// when there is something to do.
type newsletterPage struct {
	Title, Message string
	Button         string // empty: no form
	OneClick       bool   // the form sends List-Unsubscribe=One-Click
}

var newsletterPageHTML = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><h1>{{.Title}}</h1><p>{{.Message}}</p>
{{if .Button}}<form method="post">{{if .OneClick}}<input type="hidden" name="List-Unsubscribe" value="One-Click">{{end}}<button type="submit">{{.Button}}</button></form>{{end}}
</body></html>`))

var invalidLinkPage = newsletterPage{Title: "This link does not work",
	Message: "It may have expired or been replaced by a newer one. Subscribe again from the site to get a new link."}

// writePage answers with p; the token in the URL goes nowhere else (no referrer, no cache).
func writePage(e *core.RequestEvent, status int, p newsletterPage) error {
	h := e.Response.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	e.Response.WriteHeader(status)
	return newsletterPageHTML.Execute(e.Response, p)
}

// linkError answers a link's failure: the invalid-link page (404), or a 500 page that shows
// nothing of its cause, which is logged.
func linkError(e *core.RequestEvent, err error) error {
	if errors.Is(err, newsletter.ErrLinkInvalid) {
		return writePage(e, http.StatusNotFound, invalidLinkPage)
	}
	e.App.Logger().Error("newsletter link", "path", e.Request.URL.Path[:len(e.Request.URL.Path)-len(e.Request.PathValue("token"))], "error", err)
	return writePage(e, http.StatusInternalServerError, newsletterPage{Title: "Something went wrong", Message: "Please try again later."})
}

// confirmPage answers GET {ConfirmPath}{token}: the button that confirms.
func (a *API) confirmPage(e *core.RequestEvent) error {
	if err := a.newsletter.CheckConfirmLink(e.Request.PathValue("token")); err != nil {
		return linkError(e, err)
	}
	return writePage(e, http.StatusOK, newsletterPage{Title: "Confirm your subscription",
		Message: "One click and you will receive the newsletter.", Button: "Confirm my subscription"})
}

// confirmSubscription answers POST {ConfirmPath}{token}: the subscriber is confirmed.
func (a *API) confirmSubscription(e *core.RequestEvent) error {
	if err := a.newsletter.Confirm(e.Request.PathValue("token")); err != nil {
		return linkError(e, err)
	}
	return writePage(e, http.StatusOK, newsletterPage{Title: "You are subscribed",
		Message: "Thank you: every e-mail has a link to unsubscribe, should you want to leave."})
}

// unsubscribePage answers GET {UnsubscribePath}{token}: the button that unsubscribes.
func (a *API) unsubscribePage(e *core.RequestEvent) error {
	if err := a.newsletter.CheckUnsubscribeLink(e.Request.PathValue("token")); err != nil {
		return linkError(e, err)
	}
	return writePage(e, http.StatusOK, newsletterPage{Title: "Unsubscribe",
		Message: "You will receive no more e-mails from this newsletter.", Button: "Unsubscribe", OneClick: true})
}

// maxOneClickBody bounds the body of a one-click POST (the pages are outside the API's
// body limit): the form is one short field.
const maxOneClickBody = 16 << 10

// unsubscribeAtOnce answers POST {UnsubscribePath}{token} with the form body
// List-Unsubscribe=One-Click (RFC 8058: URL-encoded or multipart/form-data), as a mail provider
// or the page's button sends it: unsubscribed at once, no login. Any other body is refused
// (400) and changes nothing.
func (a *API) unsubscribeAtOnce(e *core.RequestEvent) error {
	e.Request.Body = http.MaxBytesReader(e.Response, e.Request.Body, maxOneClickBody)
	if e.Request.PostFormValue("List-Unsubscribe") != oneClickBody {
		return writePage(e, http.StatusBadRequest, newsletterPage{Title: "Nothing was changed",
			Message: "To unsubscribe, use the button on the page of this link."})
	}
	if err := a.newsletter.Unsubscribe(e.Request.PathValue("token")); err != nil {
		return linkError(e, err)
	}
	return writePage(e, http.StatusOK, newsletterPage{Title: "You are unsubscribed",
		Message: "You will receive no more e-mails from this newsletter. To come back, subscribe again from the site."})
}
