//go:build system

package systemtest

import (
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

var confirmLinkPattern = regexp.MustCompile(`https?://\S+/newsletter/confirm/[A-Za-z0-9._-]+`)

// mailText is the message in file and its text/plain part, decoded (quoted-printable and
// all), found however deep the multiparts nest.
func mailText(t *testing.T, file string) (*mail.Message, string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := mail.ReadMessage(f)
	if err != nil {
		t.Fatal(err)
	}
	text, ok := textPart(t, m.Header.Get("Content-Type"), m.Body)
	if !ok {
		t.Fatalf("no text/plain part in %s", file)
	}
	return m, text
}

func textPart(t *testing.T, contentType string, body io.Reader) (string, bool) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatalf("Content-Type %q: %v", contentType, err)
	}
	if mt == "text/plain" {
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), true
	}
	if !strings.HasPrefix(mt, "multipart/") {
		return "", false
	}
	r := multipart.NewReader(body, params["boundary"])
	for {
		p, err := r.NextPart() // decodes quoted-printable parts
		if err != nil {
			return "", false
		}
		if text, ok := textPart(t, p.Header.Get("Content-Type"), p); ok {
			return text, true
		}
	}
}

// A reader subscribes through the site's form; the confirmation e-mail, read back from a real
// SMTP server, carries a link whose GET (a link scanner's) confirms nobody and whose button
// confirms; a mail provider's one-click POST (RFC 8058) then unsubscribes at once, across a
// restart of the server.
func TestNewsletterSubscribeThroughSMTP(t *testing.T) {
	port, maildir := startSMTP(t)
	dir := t.TempDir()
	s := Start(t, dir, "--rate-limits=off")
	owner := s.OwnerToken(t, "newsletter-owner@example.com", "newsletter owner password")
	mustJSON(t, s, http.MethodPatch, "/api/settings", owner, map[string]any{
		"meta": map[string]any{"appURL": s.Base, "appName": "Ada's Notes", "senderName": "Ada", "senderAddress": "news@site.example"},
		"smtp": map[string]any{"enabled": true, "host": "127.0.0.1", "port": port, "tls": false},
	}, http.StatusOK, nil)
	_, key := CreateKey(t, dir, "site form", "subscribe")
	status, body := s.Do(t, http.MethodPost, "/api/v1/newsletter/subscribers", "Bearer "+key, map[string]any{"email": "reader@example.com", "name": "Reader"})
	if status != http.StatusAccepted {
		t.Fatalf("subscribe: %d %s", status, body)
	}

	var files []string
	WaitUntil(t, 30*time.Second, "the confirmation e-mail in the maildir", func() bool {
		files, _ = filepath.Glob(filepath.Join(maildir, "new", "*"))
		return len(files) > 0
	})
	m, text := mailText(t, files[0])
	if to, from := m.Header.Get("To"), m.Header.Get("From"); !strings.Contains(to, "reader@example.com") || !strings.Contains(from, "news@site.example") {
		t.Errorf("To %q, From %q", to, from)
	}
	link := confirmLinkPattern.FindString(text)
	if !strings.HasPrefix(link, s.Base+"/newsletter/confirm/") {
		t.Fatalf("no confirmation link to %s in:\n%s", s.Base, text)
	}
	subscriberStatus := func() string {
		t.Helper()
		var page struct {
			Data []struct{ Status string }
		}
		mustJSON(t, s, http.MethodGet, "/api/admin/newsletter/subscribers", owner, nil, http.StatusOK, &page)
		if len(page.Data) != 1 {
			t.Fatalf("%d subscribers, want 1", len(page.Data))
		}
		return page.Data[0].Status
	}

	res, page := Send(t, s.Client, mustRequest(t, http.MethodGet, link, ""))
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), `<form method="post">`) {
		t.Fatalf("GET of the link: %d %s", res.StatusCode, page)
	}
	if got := subscriberStatus(); got != "pending" {
		t.Fatalf("after a GET of the link: %s, want pending", got)
	}
	res, page = Send(t, s.Client, mustRequest(t, http.MethodPost, link, ""))
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "You are subscribed") {
		t.Fatalf("the button: %d %s", res.StatusCode, page)
	}
	if got := subscriberStatus(); got != "confirmed" {
		t.Fatalf("after the button: %s, want confirmed", got)
	}

	s.Stop()
	var token string
	readDataDB(t, dir, func(db *dbx.DB) error {
		return db.NewQuery("SELECT unsubscribe_token FROM newsletter_subscribers").Row(&token)
	})
	s = s.Restart(t)
	// As a provider sends it: a form POST to the List-Unsubscribe URL, no cookie, no login.
	oneClick := mustRequest(t, http.MethodPost, s.Base+"/newsletter/unsubscribe/"+token, url.Values{"List-Unsubscribe": {"One-Click"}}.Encode())
	oneClick.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if res, page := Send(t, s.Client, oneClick); res.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %d %s", res.StatusCode, page)
	}
	if got := subscriberStatus(); got != "unsubscribed" {
		t.Fatalf("after the one-click POST: %s, want unsubscribed", got)
	}
}

func mustRequest(t *testing.T, method, target, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return req
}
