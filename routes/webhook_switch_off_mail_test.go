package routes_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// mailSent returns a channel that receives once for each message the app's test mailer has
// taken: the note goes out in the background after the commit.
func mailSent(h *apitest.Harness) <-chan struct{} {
	sent := make(chan struct{}, 10)
	h.App.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		err := e.Next() // the test mailer, bound first, has the message once this returns
		sent <- struct{}{}
		return err
	})
	return sent
}

// waitForMail waits for the next message of sent.
func waitForMail(t *testing.T, sent <-chan struct{}) {
	t.Helper()
	select {
	case <-sent:
	case <-time.After(streamWait): // a safety net, not a bound of the test
		t.Fatal("no message sent")
	}
}

// A subscription the dispatcher switches off is mailed to the owner once, naming it, why,
// its last errors and the console; one the owner switches off is not.
func TestSwitchOffIsMailedToTheOwner(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	owner := map[string]string{"Authorization": h.SuperuserToken()} // the superuser owner@example.com
	sent := mailSent(h)
	rcv, sub, _ := registerReceiver(t, h)
	rcv.Reply(apitest.Reply{Status: http.StatusGone})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "One", "slug": "one", "visibility": "public"})
	runDue(t, h)
	waitForMail(t, sent)
	m := h.App.TestMailer.LastMessage()
	if len(m.To) != 1 || m.To[0].Address != "owner@example.com" || m.Subject != "Webhook switched off: "+rcv.URL {
		t.Errorf("to %v, subject %q", m.To, m.Subject)
	}
	for _, want := range []string{rcv.URL, "the receiver answered 410 Gone", "- HTTP 410", "/console/#webhooks"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the note lacks %q:\n%s", want, m.Text)
		}
	}

	// Re-enabled and switched off by the owner: no note. An alert_email set: the note goes there.
	for _, on := range []bool{true, false, true} {
		storyStep(t, h, switchedOn(sub, owner, on))
	}
	if _, err := h.App.DB().NewQuery("UPDATE " + vocab.SiteSettings + " SET alert_email = 'alerts@example.com'").Execute(); err != nil {
		t.Fatal(err)
	}
	rcv.Reply(apitest.Reply{Status: http.StatusGone})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Two", "slug": "two", "visibility": "public"})
	runDue(t, h)
	waitForMail(t, sent)
	if to := h.App.TestMailer.LastMessage().To; len(to) != 1 || to[0].Address != "alerts@example.com" || h.App.TestMailer.TotalSend() != 2 {
		t.Errorf("%d messages, the last to %v", h.App.TestMailer.TotalSend(), to)
	}
}
