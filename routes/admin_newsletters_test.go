package routes_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/vocab"
)

// newsletterSite is an app whose newsletter mails to a sink, with the worker run by the test.
type newsletterSite struct {
	h    *apitest.Harness
	c    adminClient
	sink *apitest.SMTPSink
}

func newNewsletterSite(t *testing.T, smtp bool) newsletterSite {
	t.Helper()
	sink := apitest.NewSMTPSink(t)
	h := apitest.New(t, apitest.Options{Hooks: func(c *hooks.Config) {
		c.Newsletter.Manual = true
		c.Newsletter.RetryBase, c.Newsletter.ServerRetry = time.Millisecond, time.Millisecond
		c.Newsletter.PerSecond = 1000
		c.Newsletter.MaxAttempts = 3
		if smtp {
			c.Newsletter.SMTP = sink.URL()
		}
	}})
	meta := &h.App.Settings().Meta
	meta.AppName, meta.AppURL, meta.SenderAddress = "Ada's Notes", "https://api.example.com", "news@example.com"
	return newsletterSite{h: h, c: adminClient{t: t, h: h, token: h.SuperuserToken()}, sink: sink}
}

// subscriber saves a subscriber in status and returns its record id and unsubscribe token.
func (s newsletterSite) subscriber(email, status string) (id, token string) {
	rec := s.h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": email, "status": status, "confirmed": status == "confirmed"})
	return rec.Id, rec.GetString("unsubscribe_token")
}

// run works the queued sends to their end.
func (s newsletterSite) run() {
	s.c.t.Helper()
	if err := s.h.Newsletter.RunPending(context.Background()); err != nil {
		s.c.t.Fatal(err)
	}
}

// send queues a send of post and returns its id.
func (s newsletterSite) send(body map[string]any) string {
	s.c.t.Helper()
	res, data := s.c.do(http.MethodPost, "/api/admin/newsletters", body)
	if res.Status != http.StatusAccepted {
		s.c.t.Fatalf("queue a send: %d %s", res.Status, res.Body)
	}
	return data["id"].(string)
}

// received counts the sink's messages per recipient.
func (s newsletterSite) received() map[string]int {
	n := map[string]int{}
	for _, m := range s.sink.Messages() {
		n[m.To]++
	}
	return n
}

func TestNewsletterSendRefusals(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	unconfigured := newNewsletterSite(t, false)
	public := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Public", "visibility": "public"})
	members := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Members", "visibility": "members"})
	private := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Private", "visibility": "private"})
	draft := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Draft", "visibility": "public", "draft": true})
	scheduled := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Later", "visibility": "public",
		"published_at": time.Now().AddDate(1, 0, 0).Format(time.RFC3339)}) // sends run on real time
	sent := s.send(map[string]any{"post": public.Id})
	login := owner(s.c.token)
	base := "/api/admin/newsletters"
	for _, sc := range []apitest.Scenario{
		{Name: "no login", Method: http.MethodPost, Path: base, Body: map[string]any{"post": public.Id}, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "no post", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "unknown field", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": public.Id, "to": "x"}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "unknown post", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": "nosuchpost12345"}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "private post", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": private.Id, "audience": "paid"}, ExpectedStatus: 409, ExpectedCode: "post_not_public"},
		{Name: "members post cut for everyone, no site_url for the sign-in link", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": members.Id}, ExpectedStatus: 409, ExpectedCode: "no_sign_in_link"},
		{Name: "unknown audience", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": public.Id, "audience": "friends"}, ExpectedStatus: 400, ExpectedCode: "invalid_request",
			ExpectedJSON: map[string]any{"error.message": `invalid field "audience": must be everyone, members or paid`}},
		{Name: "audience of the wrong type", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": public.Id, "audience": 2}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "draft", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": draft.Id}, ExpectedStatus: 409, ExpectedCode: "post_not_published"},
		{Name: "scheduled", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": scheduled.Id}, ExpectedStatus: 409, ExpectedCode: "post_not_published"},
		{Name: "email_only of a published post", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": public.Id, "email_only": true, "resend": true}, ExpectedStatus: 409, ExpectedCode: "post_on_site"},
		{Name: "email_only of a scheduled post", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": scheduled.Id, "email_only": true}, ExpectedStatus: 409, ExpectedCode: "post_on_site"},
		{Name: "twice", Method: http.MethodPost, Path: base, Headers: login, Body: map[string]any{"post": public.Id}, ExpectedStatus: 409, ExpectedCode: "already_sent"},
		{Name: "unknown send", Path: base + "/nosuchsend12345", Headers: login, ExpectedStatus: 404, ExpectedCode: "not_found"},
		{Name: "status without login", Path: base + "/" + sent, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "resume a queued send", Method: http.MethodPost, Path: base + "/" + sent + "/resume", Headers: login, ExpectedStatus: 409, ExpectedCode: "send_state_conflict"},
		{Name: "pause an unknown send", Method: http.MethodPost, Path: base + "/nosuchsend12345/pause", Headers: login, ExpectedStatus: 404, ExpectedCode: "not_found"},
	} {
		sc.Test(t, s.h)
	}
	unconfiguredPost := unconfigured.h.SaveRecord(vocab.Posts, map[string]any{"title": "Public", "visibility": "public"})
	apitest.Scenario{Name: "no SMTP server", Method: http.MethodPost, Path: base, Headers: owner(unconfigured.c.token),
		Body: map[string]any{"post": unconfiguredPost.Id}, ExpectedStatus: 409, ExpectedCode: "mail_not_configured"}.Test(t, unconfigured.h)
}

// A send mails each confirmed subscriber once: a DKIM-signed message with one-click unsubscribe
// headers and a Message-ID of its own; pending and unsubscribed ones get nothing.
func TestNewsletterSendMailsConfirmedSubscribers(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	ada, adaToken := s.subscriber("ada@example.org", "confirmed")
	s.subscriber("bob@example.org", "confirmed")
	s.subscriber("cy@example.org", "pending")
	s.subscriber("dee@example.org", "unsubscribed")
	post := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Hello readers", "visibility": "public",
		"content": `<p>See <a href="/about">this</a> and <img src="/api/files/x/y/z.png"></p>`})
	res, data := s.c.do(http.MethodPost, "/api/admin/newsletters", map[string]any{"post": post.Id})
	if res.Status != http.StatusAccepted || data["state"] != "queued" || data["total"] != 2.0 || data["pending"] != 2.0 {
		t.Fatalf("queued: %d %s", res.Status, res.Body)
	}
	id := data["id"].(string)
	s.run()
	apitest.Scenario{Name: "finished", Path: "/api/admin/newsletters/" + id, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.state": "finished", "data.total": 2, "data.sent": 2, "data.pending": 0,
			"data.failed": 0, "data.bounced": 0, "data.email_only": false}}.Test(t, s.h)
	if got := s.received(); len(got) != 2 || got["ada@example.org"] != 1 || got["bob@example.org"] != 1 {
		t.Fatalf("received %v, want ada and bob once each", got)
	}
	record, err := s.h.Newsletter.DKIMRecord()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range s.sink.Messages() {
		if m.To != "ada@example.org" {
			continue
		}
		msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
		if err != nil {
			t.Fatal(err)
		}
		unsubscribe := newsletter.UnsubscribeURL("https://api.example.com", adaToken)
		for header, want := range map[string]string{
			"From":                  `"Ada's Notes" <news@example.com>`,
			"Subject":               "Hello readers",
			"Message-Id":            "<" + id + "." + ada + "@example.com>",
			"List-Id":               `"Ada's Notes" <newsletter.example.com>`,
			"List-Unsubscribe":      "<" + unsubscribe + ">, <mailto:news@example.com?subject=unsubscribe+" + ada + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		} {
			if got := msg.Header.Get(header); got != want {
				t.Errorf("%s = %q, want %q", header, got, want)
			}
		}
		body := string(m.Data)
		for _, want := range []string{"text/plain", "text/html", unsubscribe, `href=3D"https://api.example.com/about"`} {
			if !strings.Contains(body, want) {
				t.Errorf("the message lacks %q:\n%s", want, body)
			}
		}
		verifications, err := dkim.VerifyWithOptions(bytes.NewReader(m.Data), &dkim.VerifyOptions{LookupTXT: func(name string) ([]string, error) {
			if name != record.Name {
				return nil, fmt.Errorf("no TXT record at %s", name)
			}
			return []string{record.Value}, nil
		}})
		if err != nil || len(verifications) != 1 || verifications[0].Err != nil {
			t.Fatalf("DKIM: %v %+v", err, verifications)
		}
		signed := strings.Join(verifications[0].HeaderKeys, ",")
		for _, h := range []string{"From", "Subject", "List-Unsubscribe", "List-Unsubscribe-Post"} {
			if !strings.Contains(signed, h) {
				t.Errorf("the signature does not cover %s (%s)", h, signed)
			}
		}
	}
	// The finished send is announced, with counts and no addresses.
	read, _ := s.h.CreateKey("read")
	apitest.Scenario{Name: "newsletter.sent", Path: "/api/v1/webhooks/poll/newsletter.sent", Headers: apitest.Bearer(read), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.0.event": "newsletter.sent", "data.0.data.id": id, "data.0.data.post": post.Id,
			"data.0.data.sent": 2, "data.0.data.total": 2, "data.0.data.bounced": 0},
		NotExpectedContent: []string{"@example.org"}}.Test(t, s.h)
	// Sent once; a second time only when asked for.
	apitest.Scenario{Name: "again", Method: http.MethodPost, Path: "/api/admin/newsletters", Headers: owner(s.c.token),
		Body: map[string]any{"post": post.Id}, ExpectedStatus: 409, ExpectedCode: "already_sent"}.Test(t, s.h)
	s.send(map[string]any{"post": post.Id, "resend": true})
	s.run()
	if got := s.received(); got["ada@example.org"] != 2 || got["bob@example.org"] != 2 {
		t.Fatalf("after the resend: %v", got)
	}
}

// A draft mailed with email_only stays off the site: v1 does not serve it.
func TestNewsletterEmailOnlyDraftStaysOffTheSite(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	s.subscriber("ada@example.org", "confirmed")
	draft := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "Letter only", "visibility": "public", "draft": true})
	id := s.send(map[string]any{"post": draft.Id, "email_only": true})
	s.run()
	apitest.Scenario{Name: "sent", Path: "/api/admin/newsletters/" + id, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.state": "finished", "data.sent": 1, "data.email_only": true}}.Test(t, s.h)
	key, _ := s.h.CreateKey("read")
	apitest.Scenario{Name: "not on the site", Path: "/api/v1/posts/" + draft.GetString("slug"), Headers: apitest.Bearer(key),
		ExpectedStatus: 404, ExpectedCode: "not_found"}.Test(t, s.h)
}

// What the server says decides: a 5xx bounces the subscriber (never mailed again), a 4xx is
// retried until taken, a 421 (busy, more often than MaxAttempts here would allow) waits without
// using up attempts, a session the relay drops goes on in a new one; nobody gets a repeat.
func TestNewsletterServerReplies(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	gone, _ := s.subscriber("gone@example.org", "confirmed")
	for i := range 6 {
		s.subscriber(fmt.Sprintf("reader%d@example.org", i), "confirmed")
	}
	s.sink.SetCloseAfter(2)
	deferred, busy := 0, 0
	s.sink.SetReply(func(rcpt string, n int) string {
		switch {
		case rcpt == "reader1@example.org" && busy < 3:
			busy++
			return "421 4.3.2 busy, try later"
		case rcpt == "gone@example.org":
			return "550 5.1.1 no such user"
		case rcpt == "reader0@example.org" && deferred < 2:
			deferred++
			return "451 4.3.0 try again later"
		}
		return ""
	})
	post := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "public"})
	id := s.send(map[string]any{"post": post.Id})
	s.run()
	apitest.Scenario{Name: "counts", Path: "/api/admin/newsletters/" + id, Headers: owner(s.c.token), ExpectedStatus: 200,
		ExpectedJSON: map[string]any{"data.state": "finished", "data.total": 7, "data.sent": 6, "data.bounced": 1, "data.failed": 0, "data.pending": 0}}.Test(t, s.h)
	got := s.received()
	for i := range 6 {
		if n := got[fmt.Sprintf("reader%d@example.org", i)]; n != 1 {
			t.Errorf("reader%d got %d messages, want 1", i, n)
		}
	}
	if got["gone@example.org"] != 0 || deferred != 2 || busy != 3 {
		t.Errorf("gone got %d, reader0 deferred %d times, reader1 met a busy server %d times", got["gone@example.org"], deferred, busy)
	}
	rec, err := s.h.App.FindRecordById(vocab.NewsletterSubscribers, gone)
	if err != nil || rec.GetString("status") != "bounced" {
		t.Fatalf("the refused subscriber: %v %v", err, rec)
	}
}

// Pause, resume and cancel move a send between the states that allow it.
func TestNewsletterSteering(t *testing.T) {
	t.Parallel()
	s := newNewsletterSite(t, true)
	s.subscriber("ada@example.org", "confirmed")
	post := s.h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "public"})
	id := s.send(map[string]any{"post": post.Id})
	path := "/api/admin/newsletters/" + id
	o := owner(s.c.token)
	for _, sc := range []apitest.Scenario{
		{Name: "pause", Method: http.MethodPost, Path: path + "/pause", Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.state": "paused"}},
		{Name: "pause again", Method: http.MethodPost, Path: path + "/pause", Headers: o, ExpectedStatus: 409, ExpectedCode: "send_state_conflict"},
		{Name: "nothing goes out while paused", Path: path, Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.state": "paused", "data.pending": 1},
			Before: func(testing.TB, *apitest.Harness) { s.run() }},
		{Name: "resume", Method: http.MethodPost, Path: path + "/resume", Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.state": "sending"}},
		{Name: "finished", Path: path, Headers: o, ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.state": "finished", "data.sent": 1},
			Before: func(testing.TB, *apitest.Harness) { s.run() }},
		{Name: "cancel a finished send", Method: http.MethodPost, Path: path + "/cancel", Headers: o, ExpectedStatus: 409, ExpectedCode: "send_state_conflict"},
	} {
		sc.Test(t, s.h)
	}
	second := s.send(map[string]any{"post": post.Id, "resend": true})
	apitest.Scenario{Name: "cancel a queued send", Method: http.MethodPost, Path: "/api/admin/newsletters/" + second + "/cancel", Headers: o,
		ExpectedStatus: 200, ExpectedJSON: map[string]any{"data.state": "cancelled", "data.pending": 1}}.Test(t, s.h)
	s.run()
	if got := s.received(); got["ada@example.org"] != 1 {
		t.Fatalf("after the cancelled send: %v", got)
	}
}
