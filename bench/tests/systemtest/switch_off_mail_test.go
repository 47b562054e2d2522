//go:build system

package systemtest

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// smtpPython is Debian's python3, which has the aiosmtpd package (python3-aiosmtpd).
const smtpPython = "/usr/bin/python3"

// startSMTP runs a real SMTP server process on loopback (aiosmtpd, its Mailbox handler) and
// returns its port and the maildir it writes every message it accepts to.
func startSMTP(t *testing.T) (int, string) {
	t.Helper()
	if err := exec.Command(smtpPython, "-c", "import aiosmtpd").Run(); err != nil {
		t.Fatalf("aiosmtpd is missing (apt-get install python3-aiosmtpd): %v", err)
	}
	maildir := filepath.Join(t.TempDir(), "mail")
	port := FreePort(t)
	runSMTPProcess(t, "the SMTP server", port, "-m", "aiosmtpd", "-n", "-l", fmt.Sprintf("127.0.0.1:%d", port), "-c", "aiosmtpd.handlers.Mailbox", maildir)
	return port, maildir
}

// A subscription switched off by the dispatcher (here: its receiver answered 410 Gone) is
// mailed to the owner through the server's SMTP settings, once: the message read back from a
// real SMTP server names the webhook, why, its last error and the console.
func TestSwitchOffIsMailedThroughSMTP(t *testing.T) {
	port, maildir := startSMTP(t)
	dir := t.TempDir()
	s := Start(t, dir, "--rate-limits=off")
	const email = "mail-owner@example.com"
	owner := s.OwnerToken(t, email, "switch-off mail owner password")
	mustJSON(t, s, http.MethodPatch, "/api/settings", owner, map[string]any{
		"meta": map[string]any{"appURL": "https://site.example", "senderName": "Site", "senderAddress": "noreply@site.example"},
		"smtp": map[string]any{"enabled": true, "host": "127.0.0.1", "port": port, "tls": false},
	}, http.StatusOK, nil)
	allowPrivateWebhooks(t, s, owner)
	gone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) }))
	defer gone.Close()
	mustJSON(t, s, http.MethodPost, "/api/admin/webhooks", owner, map[string]any{"url": gone.URL + "/hook"}, http.StatusCreated, nil)
	_, writer := CreateKey(t, dir, "writer", "write")
	if status, body := s.Do(t, http.MethodPost, "/api/v1/posts", "Bearer "+writer, map[string]any{"title": "Hello", "visibility": "public"}); status != http.StatusCreated {
		t.Fatalf("POST /api/v1/posts: %d %s", status, body)
	}

	var files []string
	WaitUntil(t, 30*time.Second, "the message in the maildir", func() bool {
		files, _ = filepath.Glob(filepath.Join(maildir, "new", "*"))
		return len(files) > 0
	})
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := mail.ReadMessage(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	if to := m.Header.Get("To"); !strings.Contains(to, email) || !strings.Contains(m.Header.Get("From"), "noreply@site.example") {
		t.Errorf("To %q, From %q", to, m.Header.Get("From"))
	}
	if subject := m.Header.Get("Subject"); subject != "Webhook switched off: "+gone.URL+"/hook" {
		t.Errorf("Subject %q", subject)
	}
	for _, want := range []string{gone.URL + "/hook", "410 Gone", "HTTP 410", "https://site.example/console/#webhooks"} {
		if !strings.Contains(text, want) {
			t.Errorf("the message lacks %q:\n%s", want, text)
		}
	}
	HoldsFor(t, 2*time.Second, "one message only", func() bool {
		files, _ = filepath.Glob(filepath.Join(maildir, "new", "*"))
		return len(files) == 1
	})
}

// runSMTPProcess starts smtpPython with args, an SMTP server listening on port, until the test
// ends (its output is logged when the test failed), and waits until it accepts connections.
func runSMTPProcess(t *testing.T, name string, port int, args ...string) {
	t.Helper()
	cmd := exec.Command(smtpPython, args...)
	log := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("%s's log:\n%s", name, log.String())
		}
	})
	WaitUntil(t, startLimit, name, func() bool {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}
