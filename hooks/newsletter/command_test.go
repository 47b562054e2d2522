package newsletter_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/vocab"
)

// `newsletter subscribers import FILE [--consented]` adds the file's addresses without mail or
// events and reports the lines it skipped; `export` prints them back as CSV.
func TestSubscribersCommand(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "left@example.com", "status": "unsubscribed"})
	file := filepath.Join(t.TempDir(), "substack.csv")
	csv := "email,active_subscription,name\nada@example.com,true,Ada\nbad,,\nleft@example.com,true,\n"
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := apitest.RunCommand(newsletter.NewCommand(h.App), "subscribers", "import", file, "--consented")
	want := "created:  1\nexisting: 1 (left as they are)\ninvalid:  1\n  line 3: not a valid e-mail address: must be a bare address such as reader@example.com\n"
	if err != nil || out != want {
		t.Fatalf("import: %v\n%s\nwant\n%s", err, out, want)
	}
	ada, err := h.App.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", "ada@example.com")
	if err != nil || ada.GetString("status") != "confirmed" || ada.GetString("source") != "csv" || ada.GetDateTime("confirmed_at").IsZero() {
		t.Fatalf("imported row: %v %v", ada, err)
	}
	if n, _ := h.App.CountRecords(vocab.WebhookEvents); n != 0 {
		t.Errorf("the import wrote %d events", n)
	}
	out, err = apitest.RunCommand(newsletter.NewCommand(h.App), "subscribers", "export")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 3 || !strings.HasPrefix(lines[2], "ada@example.com,Ada,confirmed,csv,") || !strings.HasPrefix(lines[1], "left@example.com,,unsubscribed,") {
		t.Fatalf("export: %v\n%s", err, out)
	}
	if _, err := apitest.RunCommand(newsletter.NewCommand(h.App), "subscribers", "import", filepath.Join(t.TempDir(), "none.csv")); err == nil {
		t.Error("importing a missing file succeeded")
	}
}
