package importer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/importer"
	"github.com/creator-content-api/server/hooks/importer/source"
)

// A second run creates nothing; a changed source is reported and left alone without
// --update, overwritten with it; --dry-run reports and writes nothing.
func TestRerunUpdateDryRun(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "ghost", "testdata/ghost.json", "--source-url", "https://cafe.example", "--dry-run")
	if err != nil || !strings.HasPrefix(lastLine(out), "dry run, nothing written: ghost testdata/ghost.json: created 9,") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	if n := count(t, h.App, "posts") + count(t, h.App, "pages"); n != 0 {
		t.Fatalf("a dry run wrote %d records", n)
	}
	if _, err := run(h, "ghost", "testdata/ghost.json", "--source-url", "https://cafe.example"); err != nil {
		t.Fatal(err)
	}
	out, err = run(h, "ghost", "testdata/ghost.json", "--source-url", "https://cafe.example")
	if err != nil || !strings.Contains(out, "created 0, updated 0, unchanged 9,") {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	changed := writeFile(t, "ghost.json", []byte(strings.Replace(fixture(t, "ghost.json"), "<p>Paid.</p>", "<p>Paid, edited.</p>", 1)))
	out, err = run(h, "ghost", changed, "--source-url", "https://cafe.example")
	if err != nil || !strings.Contains(out, "created 0, updated 0, unchanged 8, changed at the source 1 (not overwritten; --update does)") ||
		!strings.Contains(out, "posts/for-paying (db[0].data.posts[2]): changed at the source since the last import") {
		t.Fatalf("changed source: %v\n%s", err, out)
	}
	if got := post(t, h.App, "posts", "for-paying").GetString("content"); got != "<p>Paid.</p>" {
		t.Fatalf("overwritten without --update: %q", got)
	}
	out, err = run(h, "ghost", changed, "--source-url", "https://cafe.example", "--update")
	if err != nil || !strings.Contains(out, "created 0, updated 1, unchanged 8,") {
		t.Fatalf("--update: %v\n%s", err, out)
	}
	if got := post(t, h.App, "posts", "for-paying").GetString("content"); got != "<p>Paid, edited.</p>" {
		t.Fatalf("not overwritten with --update: %q", got)
	}
	// The slugs the first run gave stay: an update is not a clash with itself.
	if n := count(t, h.App, "posts"); n != 8 {
		t.Fatalf("%d posts", n)
	}
	post(t, h.App, "posts", "cafe-creme-2")
}

// A failure after records were written leaves none of them: one transaction.
func TestAllOrNothing(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	boom := errors.New("boom")
	_, err := importer.Run(h.App, importer.Options{Source: "test", File: "f"}, func(s source.Sink) error {
		s.Total(2)
		if err := s.Item(source.Item{Collection: source.Posts, SourceID: "1", Title: "Written", Visibility: source.Public}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	if n := count(t, h.App, "posts"); n != 0 {
		t.Fatalf("%d posts after a failed import", n)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
