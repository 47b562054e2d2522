package importer_test

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/importer"
)

// run runs `import ARGS…` on h's app, as the binary would.
func run(h *apitest.Harness, args ...string) (string, error) {
	return apitest.RunCommand(importer.NewCommand(h.App), args...)
}

// post finds a post or page by slug, failing the test when there is none.
func post(t *testing.T, app core.App, collection, slug string) *core.Record {
	t.Helper()
	rec, err := app.FindFirstRecordByData(collection, "slug", slug)
	if err != nil {
		t.Fatalf("%s/%s: %v", collection, slug, err)
	}
	return rec
}

func count(t *testing.T, app core.App, collection string) int {
	t.Helper()
	n, err := app.CountRecords(collection)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// writeFile writes content to a file in a temporary directory and returns its path.
func writeFile(t *testing.T, name string, content []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, content, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// fixture reads a file of testdata.
func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wantRecord is the mapping of one source record, as stored.
type wantRecord struct {
	collection, slug, title string
	draft                   bool
	visibility              string // posts only
	publishedAt             string // "" for none
	tags                    string // the JSON of posts' tags
}

func (w wantRecord) check(t *testing.T, app core.App) *core.Record {
	t.Helper()
	rec := post(t, app, w.collection, w.slug)
	if got := rec.GetString("title"); w.title != "" && got != w.title {
		t.Errorf("%s: title %q, want %q", w.slug, got, w.title)
	}
	if rec.GetBool("draft") != w.draft {
		t.Errorf("%s: draft %v, want %v", w.slug, rec.GetBool("draft"), w.draft)
	}
	if got := rec.GetDateTime("published_at"); got.String() != w.publishedAt && !(got.IsZero() && w.publishedAt == "") {
		t.Errorf("%s: published_at %q, want %q", w.slug, got.String(), w.publishedAt)
	}
	if w.collection == "posts" {
		if got := rec.GetString("visibility"); got != w.visibility {
			t.Errorf("%s: visibility %q, want %q", w.slug, got, w.visibility)
		}
		raw, _ := rec.Get("tags").(types.JSONRaw)
		if got := strings.ReplaceAll(string(raw), " ", ""); w.tags != "" && got != w.tags {
			t.Errorf("%s: tags %s, want %s", w.slug, got, w.tags)
		}
	}
	return rec
}

// zipDir zips the files under dir, as Substack sends them, into a temporary file.
func zipDir(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "export.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	if err := zw.AddFS(os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}
