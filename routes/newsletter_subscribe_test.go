package routes_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/vocab"
)

var confirmLink = regexp.MustCompile(`https?://[^\s"]+` + regexp.QuoteMeta(newsletter.ConfirmPath) + `[A-Za-z0-9._-]+`)

// subscribeSite is a harness with a subscribe key, and the mail the app sent.
type subscribeSite struct {
	t   *testing.T
	h   *apitest.Harness
	key string
}

func newSubscribeSite(t *testing.T) subscribeSite {
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeSubscribe)
	return subscribeSite{t: t, h: h, key: key}
}

var accepted = `{"data":{"message":"if this address can subscribe, a confirmation e-mail is on its way","status":"accepted"}}`

// subscribe posts the form for email and returns the confirmation links mailed since (waiting
// for the background mail first).
func (s subscribeSite) subscribe(email string) []string {
	s.t.Helper()
	s.h.App.TestMailer.Reset()
	apitest.Scenario{Name: "subscribe " + email, Method: http.MethodPost, Path: "/api/v1/newsletter/subscribers",
		Headers: apitest.Bearer(s.key), Body: map[string]any{"email": email, "name": "Ada"},
		ExpectedStatus: http.StatusAccepted, ExpectedContent: []string{accepted}, ExpectedEvents: []string{}}.Test(s.t, s.h)
	s.h.API.Newsletter().Wait()
	var links []string
	for _, m := range s.h.App.TestMailer.Messages() {
		if m.To[0].Address != strings.ToLower(email) {
			s.t.Fatalf("mail to %v, want %s", m.To, email)
		}
		links = append(links, confirmLink.FindString(m.Text))
	}
	return links
}

func (s subscribeSite) status(email string) string {
	s.t.Helper()
	rec, err := s.h.App.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", email)
	if err != nil {
		s.t.Fatal(err)
	}
	return rec.GetString("status")
}

func path(link string) string { return link[strings.Index(link, "/newsletter/"):] }

// The whole double opt-in: the form answers the same for every address, mails a link whose GET
// changes nothing and whose POST confirms (firing newsletter.subscribe); the one-click POST
// unsubscribes; an old link does not bring the reader back, a new subscription does.
func TestNewsletterDoubleOptIn(t *testing.T) {
	t.Parallel()
	s := newSubscribeSite(t)
	h := s.h
	links := s.subscribe("Ada@Example.com")
	if len(links) != 1 || links[0] == "" {
		t.Fatalf("confirmation links %q, want one", links)
	}
	confirm := path(links[0])
	rec, _ := h.App.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", "ada@example.com")
	unsubscribe := newsletter.UnsubscribePath + rec.GetString("unsubscribe_token")
	page := map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	steps := []apitest.Scenario{
		{Name: "a scanner's GET of the link", Path: confirm, ExpectedStatus: 200, ExpectedHeaders: page,
			ExpectedContent: []string{`<form method="post">`, "Confirm my subscription"}, ExpectedEvents: []string{},
			After: func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
				if got := s.status("ada@example.com"); got != "pending" {
					t.Errorf("status %s after a GET, want pending", got)
				}
			}},
		{Name: "the button confirms", Method: http.MethodPost, Path: confirm, ExpectedStatus: 200, ExpectedHeaders: page,
			ExpectedContent: []string{"You are subscribed"}, ExpectedEvents: []string{vocab.EventNewsletterSubscribe}},
		{Name: "twice is no error and fires nothing", Method: http.MethodPost, Path: confirm, ExpectedStatus: 200,
			ExpectedContent: []string{"You are subscribed"}, ExpectedEvents: []string{}},
		{Name: "an altered link", Path: confirm[:len(confirm)-2] + "xx", ExpectedStatus: 404, ExpectedContent: []string{"This link does not work"}},
		{Name: "an unknown subscriber", Method: http.MethodPost, Path: newsletter.ConfirmPath + "nobody.abc.def", ExpectedStatus: 404},
		{Name: "a malformed token", Method: http.MethodPost, Path: newsletter.ConfirmPath + "x", ExpectedStatus: 404},
		{Name: "the unsubscribe page", Path: unsubscribe, ExpectedStatus: 200, ExpectedHeaders: page,
			ExpectedContent: []string{`name="List-Unsubscribe" value="One-Click"`}, ExpectedEvents: []string{}},
		{Name: "a POST without the one-click body", Method: http.MethodPost, Path: unsubscribe, Headers: form, Body: "x=1",
			ExpectedStatus: 400, ExpectedContent: []string{"Nothing was changed"}},
		{Name: "an unknown unsubscribe token", Method: http.MethodPost, Path: newsletter.UnsubscribePath + "nope", Headers: form,
			Body: "List-Unsubscribe=One-Click", ExpectedStatus: 404},
		{Name: "a one-click body too large", Method: http.MethodPost, Path: unsubscribe, Headers: form,
			Body: "List-Unsubscribe=One-Click&pad=" + strings.Repeat("x", 20<<10), ExpectedStatus: 400},
		{Name: "one click as a provider sends it (multipart, as RFC 8058 allows)", Method: http.MethodPost, Path: unsubscribe,
			Headers: map[string]string{"Content-Type": "multipart/form-data; boundary=b"},
			Body:    "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n", ExpectedStatus: 200, ExpectedContent: []string{"You are unsubscribed"}, ExpectedEvents: []string{},
			After: func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
				if got := s.status("ada@example.com"); got != "unsubscribed" {
					t.Errorf("status %s, want unsubscribed", got)
				}
			}},
		{Name: "the old confirmation link no longer brings the reader back", Method: http.MethodPost, Path: confirm, ExpectedStatus: 404},
	}
	for _, sc := range steps {
		sc.Test(t, h)
	}
	again := s.subscribe("ada@example.com")
	if len(again) != 1 {
		t.Fatalf("%d mails to an unsubscribed address that subscribes again, want 1", len(again))
	}
	if got := s.status("ada@example.com"); got != "unsubscribed" {
		t.Errorf("status %s before confirming again, want unsubscribed", got)
	}
	apitest.Scenario{Name: "confirming again", Method: http.MethodPost, Path: path(again[0]), ExpectedStatus: 200,
		ExpectedEvents: []string{vocab.EventNewsletterSubscribe}}.Test(t, h)
	if links := s.subscribe("ada@example.com"); len(links) != 0 {
		t.Errorf("a confirmed address was mailed %d times, want 0", len(links))
	}
}

// An address gets at most 3 confirmation mails a day; a link lasts 48 hours.
func TestNewsletterConfirmationMailsAreBounded(t *testing.T) {
	t.Parallel()
	s := newSubscribeSite(t)
	var first string
	for i := range 5 {
		links := s.subscribe("bomb@example.com")
		want := map[bool]int{true: 1, false: 0}[i < newsletter.MaxConfirmationMails]
		if len(links) != want {
			t.Fatalf("call %d: %d mails, want %d", i+1, len(links), want)
		}
		if i == 0 {
			first = path(links[0])
		}
	}
	s.h.Clock.Advance(newsletter.ConfirmationMailWindow)
	if links := s.subscribe("bomb@example.com"); len(links) != 1 {
		t.Fatalf("a day later: %d mails, want 1", len(links))
	}
	s.h.Clock.Advance(newsletter.ConfirmLinkTTL - newsletter.ConfirmationMailWindow)
	apitest.Scenario{Name: "an expired link", Method: http.MethodPost, Path: first, ExpectedStatus: 404}.Test(t, s.h)
}

// Bad input is a 400 naming the field; other keys and no key are refused.
func TestNewsletterSubscribeRefusals(t *testing.T) {
	t.Parallel()
	s := newSubscribeSite(t)
	read, _ := s.h.CreateKey(keys.ScopeRead)
	name, origins := "site form", []string{"https://site.example"}
	browser, _ := s.h.CreateKeyWith(keys.Fields{Name: &name, Scopes: &[]string{keys.ScopeSubscribe}, AllowedOrigins: &origins})
	p := "/api/v1/newsletter/subscribers"
	bad := func(name string, body any, msg string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPost, Path: p, Headers: apitest.Bearer(s.key), Body: body,
			ExpectedStatus: 400, ExpectedCode: "invalid_request", ExpectedContent: []string{msg}, ExpectedEvents: []string{}}
	}
	long := strings.Repeat("a", 250) + "@example.com"
	for _, sc := range []apitest.Scenario{
		bad("no email", map[string]any{"name": "A"}, "email"),
		bad("not an address", map[string]any{"email": "ada"}, "reader@example.com"),
		bad("a display name", map[string]any{"email": "Ada <ada@example.com>"}, "email"),
		bad("two addresses", map[string]any{"email": "a@example.com, b@example.com"}, "email"),
		bad("no dot in the domain", map[string]any{"email": "a@localhost"}, "email"),
		bad("too long", map[string]any{"email": long}, "254 bytes"),
		bad("a name on two lines", map[string]any{"email": "a@example.com", "name": "A\nB"}, "name"),
		bad("an unknown field", map[string]any{"email": "a@example.com", "list": "x"}, "unknown field"),
		bad("not JSON", "email=a@example.com", ""),
		{Name: "a key without the scope", Method: http.MethodPost, Path: p, Headers: apitest.Bearer(read), Body: map[string]any{"email": "a@example.com"},
			ExpectedStatus: 403, ExpectedCode: "insufficient_scope"},
		{Name: "a browser key from its site", Method: http.MethodPost, Path: p, Headers: map[string]string{"Authorization": "Bearer " + browser, "Origin": "https://site.example"},
			Body: map[string]any{"email": "Form@Example.com"}, ExpectedStatus: 202, ExpectedContent: []string{accepted}},
		{Name: "a browser key from another site", Method: http.MethodPost, Path: p, Headers: map[string]string{"Authorization": "Bearer " + browser, "Origin": "https://evil.example"},
			Body: map[string]any{"email": "a@example.com"}, ExpectedStatus: 403, ExpectedCode: "origin_not_allowed"},
		{Name: "no key", Method: http.MethodPost, Path: p, Body: map[string]any{"email": "a@example.com"}, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
	} {
		sc.Test(t, s.h)
	}
	s.h.API.Newsletter().Wait()
	if n := s.h.App.TestMailer.TotalSend(); n != 1 || s.h.App.TestMailer.LastMessage().To[0].Address != "form@example.com" {
		t.Errorf("%d mails sent; want 1, to the browser key's subscriber only", n)
	}
}
