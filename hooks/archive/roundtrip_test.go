package archive_test

import (
	"archive/zip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/archive"
	"github.com/creator-content-api/server/hooks/content/seed"
	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/keys"
)

// The round trip: the demo site with an uploaded cover and an API key, exported by the
// command and restored into an empty data directory, answers every v1 and v2 read byte for
// byte as before (ids, slugs, dates, file URLs), serves the same file, and fired no webhook
// event; and the archive holds no secret (noSecrets). One seeded site serves both checks:
// seeding the demo is most of the package's time under -race.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	src := apitest.New(t, apitest.Options{})
	if _, err := seed.Demo(src.App, apitest.Epoch, false); err != nil {
		t.Fatal(err)
	}
	// The demo's 30 days of page views (about 1,200 rows) are most of its records and no read
	// below shows them: one day of them is enough for the restore to carry the collection, and
	// restoring the rest was a third of this test's time under -race.
	if _, err := src.App.DB().NewQuery("DELETE FROM page_views WHERE created < {:since}").
		Bind(dbx.Params{"since": apitest.Epoch.AddDate(0, 0, -1).Format(types.DefaultDateLayout)}).Execute(); err != nil {
		t.Fatal(err)
	}
	views, err := src.App.CountRecords("page_views")
	if err != nil || views == 0 {
		t.Fatalf("%d page views left, %v", views, err)
	}
	cover, err := src.App.FindFirstRecordByData("posts", "draft", false)
	if err != nil {
		t.Fatal(err)
	}
	png, err := os.ReadFile("../importer/testdata/media/2020/01/cover.png")
	if err != nil {
		t.Fatal(err)
	}
	f, _ := filesystem.NewFileFromBytes(png, "cover.png")
	cover.Set("cover", f)
	if err := src.App.Save(cover); err != nil {
		t.Fatal(err)
	}
	srcRead, _ := src.CreateKey(keys.ScopeRead) // before the export: an api_keys row to leave out
	zipPath := filepath.Join(t.TempDir(), "site.zip")
	if out, err := apitest.RunCommand(archive.NewExportCommand(src.App, src.Clock.Now), "--out", zipPath); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	noSecrets(t, zipPath)

	dst := apitest.New(t, apitest.Options{})
	out, err := apitest.RunCommand(archive.NewImportCommand(dst.App), zipPath)
	if err != nil || !strings.Contains(out, "posts                    13") {
		t.Fatalf("import archive: %v\n%s", err, out)
	}
	if n, _ := dst.App.CountRecords("webhook_events"); n != 0 {
		t.Fatalf("the restore fired %d events", n)
	}
	if n, _ := dst.App.CountRecords("page_views"); n != views {
		t.Fatalf("%d page views restored, want %d", n, views)
	}
	dstRead, _ := dst.CreateKey(keys.ScopeRead)
	srcV2, _ := src.CreateKey(keys.ScopeReadContent, keys.ScopeReadMembers)
	dstV2, _ := dst.CreateKey(keys.ScopeReadContent, keys.ScopeReadMembers)
	slug := cover.GetString("slug")
	for _, u := range []struct{ path, srcKey, dstKey string }{
		{"/api/v1/profile", srcRead, dstRead},
		{"/api/v1/posts?limit=100", srcRead, dstRead},
		{"/api/v1/posts/" + slug, srcRead, dstRead},
		{"/api/v1/projects", srcRead, dstRead},
		{"/api/v1/courses", srcRead, dstRead},
		{"/api/v1/talks", srcRead, dstRead},
		{"/api/v1/experience", srcRead, dstRead},
		{"/api/v1/education", srcRead, dstRead},
		{"/api/v1/skills", srcRead, dstRead},
		{"/api/v1/certifications", srcRead, dstRead},
		{"/api/v1/tags", srcRead, dstRead},
		{"/api/v1/posts?q=sqlite", srcRead, dstRead},
		{"/api/v2/posts?per_page=200", srcV2, dstV2},
		{"/api/v2/projects", srcV2, dstV2},
		{"/api/v2/members", srcV2, dstV2},
	} {
		a, b := src.Get(u.path, u.srcKey), dst.Get(u.path, u.dstKey)
		if a.Status != 200 || b.Status != a.Status || string(a.Body) != string(b.Body) {
			t.Errorf("%s differs after the round trip:\nbefore %d %.400s\nafter  %d %.400s", u.path, a.Status, a.Body, b.Status, b.Body)
		}
	}
	if !strings.Contains(string(dst.Get("/api/v1/posts/"+slug, dstRead).Body), "/api/files/") {
		t.Fatal("the restored post has no cover URL")
	}
	restored, err := dst.App.FindRecordById("posts", cover.Id)
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := dst.App.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	if ok, err := fsys.Exists(restored.BaseFilesPath() + "/" + cover.GetString("cover")); !ok || err != nil {
		t.Fatalf("the cover file is not in the restored storage: %v", err)
	}

	// Once: a site with content is refused, unchanged.
	if _, err := archive.Restore(dst.App, zipPath, source.DefaultLimits(), false); !errors.Is(err, archive.ErrNotEmpty) {
		t.Fatalf("a second restore: %v", err)
	}
}

// noSecrets checks the archive at zipPath: no API keys, webhook secrets, password hashes or
// token keys leave.
func noSecrets(t *testing.T, zipPath string) {
	t.Helper()
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var all strings.Builder
	for _, f := range zr.File {
		all.WriteString(f.Name + "\n")
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	if !strings.Contains(all.String(), `"email":"`) {
		t.Fatal("the check reads nothing: no member's e-mail in the archive")
	}
	b := all.String()
	for _, secret := range []string{"api_keys", "key_hash", "webhook_subscriptions", "whsec_", `"password"`, "tokenKey", "$2a$"} {
		if strings.Contains(b, secret) {
			t.Errorf("the archive holds %q", secret)
		}
	}
}

// A bad archive is refused with one line naming the file and the place.
func TestRestoreBadArchive(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	dir := t.TempDir()
	notZip := filepath.Join(dir, "x.zip")
	if err := os.WriteFile(notZip, []byte("not a zip"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := apitest.RunCommand(archive.NewImportCommand(h.App), notZip)
	if err == nil || !strings.Contains(err.Error(), "x.zip: not a site archive: not a readable zip") {
		t.Fatalf("%v", err)
	}
}
