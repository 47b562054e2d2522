package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// Every row of the WordPress mapping, from a WXR 1.2 file written from the format's
// documentation: posts and pages, titles with entities, CDATA and characters beyond the BMP,
// slugs kept, clashing and percent-encoded, dates in UTC, tags and categories, every status,
// the feature image from --media, and the rest counted as skipped.
func TestWordPress(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "wordpress", "testdata/wordpress.xml", "--media", "testdata/media")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"created 10, updated 0, unchanged 0, skipped 18 (1 attachment (media library entry), 1 author, 1 auto-draft, 2 comment, 1 menu item, 1 post format, 1 post meta, 6 site setting, 1 sticky flag, 2 term definition (tags come from each post), 1 trashed post)",
		`posts/twins-2 (line 128): slug "twins" is taken; made "twins-2"`,
		`slug "%e6%97%a5%e6%9c%ac%e8%aa%9e" is not a slug here; made "ri-ben-yu"`,
		"posts/behind-a-password (line 107): password-protected: imported as private",
		"posts/waiting (line 77): pending review: imported as a draft",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	for _, w := range []wantRecord{
		{collection: "posts", slug: "tom-and-jerry-guide", title: "Tom & Jerry’s guide to 𝄞 music 😀", visibility: "public",
			publishedAt: "2020-01-02 09:30:00.000Z", tags: `["Essays","SQLite"]`},
		{collection: "pages", slug: "about", title: "About", publishedAt: "2019-06-01 08:00:00.000Z"},
		{collection: "posts", slug: "half-written", title: "Half-written", draft: true, visibility: "public", tags: "[]"},
		{collection: "posts", slug: "waiting", draft: true, visibility: "public"},
		{collection: "posts", slug: "from-the-future", visibility: "public", publishedAt: "2099-05-01 06:00:00.000Z"},
		{collection: "posts", slug: "only-me", visibility: "private", publishedAt: "2020-03-01 00:00:00.000Z"},
		{collection: "posts", slug: "behind-a-password", visibility: "private", publishedAt: "2020-04-01 00:00:00.000Z"},
		{collection: "posts", slug: "twins", title: "Same slug, first", visibility: "public", publishedAt: "2020-05-01 00:00:00.000Z"},
		{collection: "posts", slug: "twins-2", title: "Same slug, second", visibility: "public", publishedAt: "2020-05-02 00:00:00.000Z"},
		{collection: "posts", slug: "ri-ben-yu", title: "日本語", visibility: "public", publishedAt: "2020-06-01 00:00:00.000Z"},
	} {
		w.check(t, h.App)
	}
	guide := post(t, h.App, "posts", "tom-and-jerry-guide")
	for field, want := range map[string]string{
		"content":       "<p>Notes on <b>music</b> &amp; mice: 𝄞 😀</p>\n<p>]]> is how CDATA ends.</p>\n", // wpautop's line ends
		"excerpt":       `A guide, with "quotes" & <angles>.`,
		"created":       "2020-01-02 09:30:00.000Z",
		"updated":       "2020-02-01 11:00:00.000Z",
		"import_source": "wordpress",
		"import_id":     "10",
	} {
		if got := guide.GetString(field); got != want {
			t.Errorf("guide %s = %q, want %q", field, got, want)
		}
	}
	if c := guide.GetString("cover"); !strings.HasPrefix(c, "cover_") || guide.GetString("import_cover_url") != "" {
		t.Errorf("the feature image in --media is not the cover: %q %q", c, guide.GetString("import_cover_url"))
	}
	// A scheduled post is created now, not at its publication.
	if got := post(t, h.App, "posts", "from-the-future").GetDateTime("created"); got.Time().Year() == 2099 {
		t.Errorf("scheduled post created %s", got)
	}
	// v1 serves the published public ones, with the cover as a file URL.
	key, _ := h.CreateKey(keys.ScopeRead)
	res := h.Get("/api/v1/posts/tom-and-jerry-guide", key)
	if res.Status != 200 || !strings.Contains(string(res.Body), "/api/files/") {
		t.Fatalf("v1 read: %d %s", res.Status, res.Body)
	}
	if res := h.Get("/api/v1/posts", key); res.Status != 200 || res.JSON(t)["total"] != 4.0 {
		t.Fatalf("v1 list (tom-and-jerry-guide, twins, twins-2, ri-ben-yu): %d %s", res.Status, res.Body)
	}
	if got := count(t, h.App, "webhook_events"); got != 0 {
		t.Fatalf("an import without --events wrote %d webhook events", got)
	}
}

// Without --media the feature image's URL is kept; with --events the outbox writes one
// content.created per record.
func TestWordPressCoverURLAndEvents(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	if out, err := run(h, "wordpress", "testdata/wordpress.xml", "--events"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	guide := post(t, h.App, "posts", "tom-and-jerry-guide")
	if guide.GetString("cover") != "" || guide.GetString("import_cover_url") != "https://notes.example/wp-content/uploads/2020/01/cover.png" {
		t.Fatalf("cover %q, URL %q", guide.GetString("cover"), guide.GetString("import_cover_url"))
	}
	recs, err := h.App.FindRecordsByFilter("webhook_events", "event = 'content.created'", "", 0, 0)
	if err != nil || len(recs) != 10 {
		t.Fatalf("%d content.created events with --events, want 10 (%v)", len(recs), err)
	}
}

// Very long content: 1 MiB of a WordPress post goes in whole; an item over the 5 MiB a record
// holds is skipped and said. That skip is the writer's, the same for every source, so the
// too-long item comes from a Substack folder, whose bodies are read whole: as a WordPress item
// its 5 MiB were parsed byte by byte, most of this test's time under -race.
func TestLongContent(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	body := func(size int) string { return "<p>" + strings.Repeat("é", size/2) + "</p>" }
	wxr := `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ` +
		`xmlns:wp="http://wordpress.org/export/1.1/"><channel><wp:wxr_version>1.1</wp:wxr_version>` +
		`<item><title>long</title><wp:post_id>1</wp:post_id><wp:post_name>long</wp:post_name><wp:status>publish</wp:status>` +
		`<wp:post_type>post</wp:post_type><content:encoded><![CDATA[` + body(1<<20) + `]]></content:encoded></item></channel></rss>`
	out, err := run(h, "wordpress", writeFile(t, "long.xml", []byte(wxr)))
	if err != nil || !strings.Contains(out, "created 1,") {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := len(post(t, h.App, "posts", "long").GetString("content")); got != 1<<20+8 { // wpautop ends a paragraph with \n
		t.Fatalf("content of %d bytes", got)
	}

	// Just past the limit: 5 MiB of text and its <p>.
	dir := t.TempDir()
	csv := "post_id,post_date,is_published,type,audience,title,subtitle,podcast_url\n" +
		"2.too-long,2021-01-05T14:00:00.000Z,true,newsletter,everyone,too-long,,\n"
	if err := os.WriteFile(filepath.Join(dir, "posts.csv"), []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "posts"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "posts", "2.too-long.html"), []byte(body(5<<20)), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = run(h, "substack", dir)
	if err != nil || !strings.Contains(out, "created 0,") || !strings.Contains(out, "1 post with content over 5 MiB") {
		t.Fatalf("%v\n%s", err, out)
	}
}
