//go:build system

package systemtest

import (
	"bytes"
	"fmt"
	"net/http"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// newsletterRelay is a real SMTP server process (testdata/newsletter_smtp.py on aiosmtpd) that
// writes every message it takes to a directory.
type newsletterRelay struct {
	port int
	dir  string
}

func startNewsletterRelay(t *testing.T, flags ...string) newsletterRelay {
	t.Helper()
	if err := exec.Command(smtpPython, "-c", "import aiosmtpd, dkim").Run(); err != nil {
		t.Fatalf("aiosmtpd or dkim is missing (apt-get install python3-aiosmtpd python3-dkim): %v", err)
	}
	r := newsletterRelay{port: FreePort(t), dir: filepath.Join(t.TempDir(), "mail")}
	script, err := filepath.Abs("testdata/newsletter_smtp.py")
	if err != nil {
		t.Fatal(err)
	}
	runSMTPProcess(t, "the SMTP relay", r.port, append([]string{script, fmt.Sprint(r.port), r.dir}, flags...)...)
	return r
}

// messages are the files of the messages taken so far.
func (r newsletterRelay) messages(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(r.dir, "[0-9]*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// newsletterSite starts the server mailing through relay and gives it n confirmed subscribers
// and a public post; it answers the server, the owner's token and the post's id.
func newsletterSite(t *testing.T, relay newsletterRelay, n int) (*Server, string, string) {
	t.Helper()
	dir := t.TempDir()
	s := Start(t, dir, "--rate-limits=off", fmt.Sprintf("--newsletter-smtp=smtp://127.0.0.1:%d", relay.port),
		"--newsletter-rate=40", "--newsletter-concurrency=4")
	owner := s.OwnerToken(t, "owner@example.com", "newsletter owner password")
	mustJSON(t, s, http.MethodPatch, "/api/settings", owner, map[string]any{
		"meta": map[string]any{"appName": "Ada's Notes", "appURL": "https://api.example.com", "senderName": "Ada", "senderAddress": "news@example.com"},
	}, http.StatusOK, nil)
	for i := range n {
		mustJSON(t, s, http.MethodPost, "/api/collections/newsletter_subscribers/records", owner,
			map[string]any{"email": fmt.Sprintf("reader%04d@example.org", i), "status": "confirmed", "confirmed": true}, http.StatusOK, nil)
	}
	var post struct{ ID string }
	mustJSON(t, s, http.MethodPost, "/api/collections/posts/records", owner,
		map[string]any{"title": "Hello readers", "visibility": "public", "content": "<p>Hello <b>all</b>.</p>"}, http.StatusOK, &post)
	return s, owner, post.ID
}

// sendState polls the send until it is finished and answers its counts.
func waitFinished(t *testing.T, s *Server, owner, id string, limit time.Duration) map[string]any {
	t.Helper()
	var data map[string]any
	WaitUntil(t, limit, "the send to finish", func() bool {
		var out struct{ Data map[string]any }
		mustJSON(t, s, http.MethodGet, "/api/admin/newsletters/"+id, owner, nil, http.StatusOK, &out)
		data = out.Data
		return data["state"] == "finished"
	})
	return data
}

// tally reads the relay's messages: per recipient the Message-IDs it got.
func tally(t *testing.T, relay newsletterRelay) map[string][]string {
	t.Helper()
	got := map[string][]string{}
	for _, f := range relay.messages(t) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		to, err := mail.ParseAddress(m.Header.Get("To"))
		if err != nil {
			t.Fatal(err)
		}
		got[to.Address] = append(got[to.Address], m.Header.Get("Message-Id"))
	}
	return got
}

// dkimRecord is the record `newsletter dkim` prints: its name and its text.
var zoneLine = regexp.MustCompile(`^(\S+)\. IN TXT \( (.*) \)$`)

func dkimRecord(t *testing.T, dataDir string) (string, string) {
	t.Helper()
	out := strings.TrimSpace(MustRun(t, dataDir, "newsletter", "dkim"))
	m := zoneLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("newsletter dkim printed %q", out)
	}
	return m[1], strings.ReplaceAll(strings.ReplaceAll(m[2], `" "`, ""), `"`, "")
}

// verifyDKIM checks every message of the relay with Debian's python3-dkim, the record served
// by a fake DNS function.
func verifyDKIM(t *testing.T, relay newsletterRelay, name, value string) {
	t.Helper()
	const check = `import dkim, glob, sys
name, value = sys.argv[1].encode() + b".", sys.argv[2].encode()
files = sorted(glob.glob(sys.argv[3] + "/[0-9]*.eml"))
bad = [f for f in files if not dkim.verify(open(f, "rb").read(), dnsfunc=lambda q, timeout=5: value if q == name else None)]
print(len(files), "checked,", len(bad), "failed", bad[:3])
sys.exit(1 if bad or not files else 0)`
	out, err := exec.Command(smtpPython, "-c", check, name, value, relay.dir).CombinedOutput()
	if err != nil {
		t.Fatalf("DKIM verification by python3-dkim: %v\n%s", err, out)
	}
	t.Logf("python3-dkim: %s", bytes.TrimSpace(out))
}

// kill -9 in the middle of a send, then a restart: every confirmed subscriber gets the post;
// only messages in flight at the kill (at most one per connection) may come twice, and then
// with the same Message-ID. Every message verifies with python3-dkim, and the signature covers
// From, Subject and both List-Unsubscribe headers.
func TestNewsletterSendSurvivesKill(t *testing.T) {
	const subscribers, concurrency = 300, 4
	relay := startNewsletterRelay(t)
	s, owner, post := newsletterSite(t, relay, subscribers)
	var queued struct{ Data map[string]any }
	mustJSON(t, s, http.MethodPost, "/api/admin/newsletters", owner, map[string]any{"post": post}, http.StatusAccepted, &queued)
	id := queued.Data["id"].(string)
	WaitUntil(t, 60*time.Second, "a quarter of the messages", func() bool { return len(relay.messages(t)) >= subscribers/4 })
	s.Kill()
	before := len(relay.messages(t))
	s = s.Restart(t)
	counts := waitFinished(t, s, owner, id, 120*time.Second)
	if counts["sent"] != float64(subscribers) || counts["pending"] != 0.0 || counts["failed"] != 0.0 {
		t.Fatalf("counts after the restart: %v", counts)
	}
	got := tally(t, relay)
	repeats := 0
	for i := range subscribers {
		to := fmt.Sprintf("reader%04d@example.org", i)
		ids := got[to]
		switch {
		case len(ids) == 0:
			t.Errorf("%s got nothing", to)
		case len(ids) > 2 || (len(ids) == 2 && ids[0] != ids[1]):
			t.Errorf("%s got %v", to, ids)
		case len(ids) == 2:
			repeats++
		}
	}
	if repeats > concurrency {
		t.Errorf("%d repeats; at most %d messages were in flight at the kill", repeats, concurrency)
	}
	t.Logf("%d messages before the kill, %d repeated", before, repeats)
	name, value := dkimRecord(t, s.DataDir)
	verifyDKIM(t, relay, name, value)
	raw, err := os.ReadFile(relay.messages(t)[0])
	if err != nil {
		t.Fatal(err)
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	signed := strings.ToLower(m.Header.Get("Dkim-Signature"))
	for _, h := range []string{"from", "subject", "list-unsubscribe", "list-unsubscribe-post"} {
		if !regexp.MustCompile(`h=[^;]*\b` + h + `\b`).MatchString(strings.Join(strings.Fields(signed), "")) {
			t.Errorf("the signature does not cover %s: %s", h, signed)
		}
	}
	if m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" ||
		!strings.HasPrefix(m.Header.Get("List-Unsubscribe"), "<https://api.example.com/newsletter/unsubscribe/") {
		t.Errorf("unsubscribe headers: %q %q", m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post"))
	}
}

// A relay that drops each session after 3 messages, and answers 421 to everything for its
// first 3 seconds: the send goes on where it was, and nobody gets the post twice.
func TestNewsletterSendThroughAnUnsteadyRelay(t *testing.T) {
	const subscribers = 60
	relay := startNewsletterRelay(t, "--close-after", "3", "--busy-seconds", "3")
	s, owner, post := newsletterSite(t, relay, subscribers)
	var queued struct{ Data map[string]any }
	mustJSON(t, s, http.MethodPost, "/api/admin/newsletters", owner, map[string]any{"post": post}, http.StatusAccepted, &queued)
	counts := waitFinished(t, s, owner, queued.Data["id"].(string), 120*time.Second)
	if counts["sent"] != float64(subscribers) || counts["failed"] != 0.0 || counts["bounced"] != 0.0 {
		t.Fatalf("counts: %v", counts)
	}
	got := tally(t, relay)
	for i := range subscribers {
		to := fmt.Sprintf("reader%04d@example.org", i)
		if len(got[to]) != 1 {
			t.Errorf("%s got %d messages", to, len(got[to]))
		}
	}
}
