package routes_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

// waitForMail waits for the n-th message of the app's test mailer: the note goes out in the
// background after the commit.
func waitForMail(t *testing.T, h *apitest.Harness, n int) {
	t.Helper()
	for end := time.Now().Add(streamWait); h.App.TestMailer.TotalSend() < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%d messages, want %d", h.App.TestMailer.TotalSend(), n)
		}
	}
}

// A subscription the dispatcher switches off is mailed to the owner once, naming it, why,
// its last errors and the console; one the owner switches off is not.
func TestSwitchOffIsMailedToTheOwner(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	owner := map[string]string{"Authorization": h.SuperuserToken()} // the superuser owner@example.com
	rcv, sub, _ := registerReceiver(t, h)
	rcv.Reply(apitest.Reply{Status: http.StatusGone})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "One", "slug": "one", "visibility": "public"})
	runDue(t, h)
	waitForMail(t, h, 1)
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
		if res := h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/admin/webhooks/" + sub, Headers: owner, Body: map[string]any{"enabled": on}}); res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	}
	if _, err := h.App.DB().NewQuery("UPDATE " + vocab.SiteSettings + " SET alert_email = 'alerts@example.com'").Execute(); err != nil {
		t.Fatal(err)
	}
	rcv.Reply(apitest.Reply{Status: http.StatusGone})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Two", "slug": "two", "visibility": "public"})
	runDue(t, h)
	waitForMail(t, h, 2)
	if to := h.App.TestMailer.LastMessage().To; len(to) != 1 || to[0].Address != "alerts@example.com" || h.App.TestMailer.TotalSend() != 2 {
		t.Errorf("%d messages, the last to %v", h.App.TestMailer.TotalSend(), to)
	}
}
