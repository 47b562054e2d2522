package importer_test

import (
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// Every row of the Ghost mapping (Ghost 5's export): posts and pages, visibility (public,
// members, paid), every status, tags in their order without internal ones, feature images
// from --media or kept as URLs, and users, members and settings counted as skipped; then
// Ghost 2's layout (page: true, dates without a zone, milliseconds).
func TestGhost(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "ghost", "testdata/ghost.json", "--media", "testdata/media", "--source-url", "https://cafe.example/")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"created 9, updated 0, unchanged 0, skipped 4 (1 author, 1 internal tag, 1 post author link, 1 setting); audience: members created 2, confirmed subscribers created 1, already here 0",
		`posts/cafe-creme-2 (db[0].data.posts[7]): slug "cafe-creme" is taken; made "cafe-creme-2"`,
		"posts/newsletter-only (db[0].data.posts[5]): sent as an email only: imported as a draft",
		"posts/no-slug-here (db[0].data.posts[8]): the export has no HTML for it",
		"posts/for-members (db[0].data.posts[1]): feature image not in --media; its URL is kept in import_cover_url",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	for _, w := range []wantRecord{
		{collection: "posts", slug: "cafe-creme", title: `Café "crème" & 𝄞 😀`, visibility: "public",
			publishedAt: "2020-01-02 08:00:00.000Z", tags: `["Coffee","Mornings"]`},
		{collection: "posts", slug: "for-members", visibility: "members", publishedAt: "2020-02-01 08:00:00.000Z", tags: "[]"},
		{collection: "posts", slug: "for-paying", visibility: "members", publishedAt: "2020-03-01 08:00:00.000Z"},
		{collection: "posts", slug: "unfinished", draft: true, visibility: "public"},
		{collection: "posts", slug: "next-century", visibility: "public", publishedAt: "2099-01-01 00:00:00.000Z"},
		{collection: "posts", slug: "newsletter-only", draft: true, visibility: "members", publishedAt: "2021-02-01 08:00:00.000Z"},
		{collection: "pages", slug: "contact", publishedAt: "2019-01-01 08:00:00.000Z"},
		{collection: "posts", slug: "cafe-creme-2", title: "Same slug", visibility: "public", publishedAt: "2020-04-01 08:00:00.000Z"},
		{collection: "posts", slug: "no-slug-here", visibility: "public", publishedAt: "2020-05-01 08:00:00.000Z"},
	} {
		w.check(t, h.App)
	}
	cafe := post(t, h.App, "posts", "cafe-creme")
	for field, want := range map[string]string{
		"content": "<p>Strong <strong>coffee</strong> &amp; 😀</p>", "excerpt": "Coffee notes.",
		"created": "2020-01-01 08:00:00.000Z", "updated": "2020-01-03 08:00:00.000Z", "import_id": "64a000000000000000000001",
	} {
		if got := cafe.GetString(field); got != want {
			t.Errorf("cafe-creme %s = %q, want %q", field, got, want)
		}
	}
	if got, want := post(t, h.App, "pages", "contact").GetString("content"),
		`<p>Write to me, or read <a href="https://cafe.example/about/">about</a> <img src="https://cafe.example/content/images/2019/01/me.jpg">.</p>`; got != want {
		t.Errorf("contact content %q, want %q", got, want)
	}
	if cafe.GetString("cover") == "" {
		t.Error("__GHOST_URL__/content/images/2020/01/cover.png was not found in --media")
	}
	if got := post(t, h.App, "posts", "for-members").GetString("import_cover_url"); got != "https://cdn.example/elsewhere.jpg" {
		t.Errorf("kept URL %q", got)
	}

	out, err = run(h, "ghost", "testdata/ghost2.json")
	if err != nil || !strings.Contains(out, "created 2,") {
		t.Fatalf("Ghost 2: %v\n%s", err, out)
	}
	wantRecord{collection: "pages", slug: "old-page", publishedAt: "2019-01-01 10:00:00.000Z"}.check(t, h.App)
	wantRecord{collection: "posts", slug: "old-post", visibility: "public", publishedAt: "2019-01-01 10:00:00.000Z"}.check(t, h.App)
}

// Every row of the Substack mapping, from the folder and from the zip: post_id's slug,
// subtitle as excerpt, audience, drafts, a future date, the podcast's audio noted, the
// subscribers from the list (not the one whose mail was disabled), statistics counted as skipped.
func TestSubstack(t *testing.T) {
	t.Parallel()
	for name, path := range map[string]func(t *testing.T) string{
		"folder": func(*testing.T) string { return "testdata/substack" },
		"zip":    func(t *testing.T) string { return zipDir(t, "testdata/substack") },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{})
			out, err := run(h, "substack", path(t))
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, want := range []string{
				"created 5, updated 0, unchanged 0, skipped 4 (1 e-mail statistics file, 1 paid plan (payments stay with Substack), 1 person without a valid e-mail address, 1 subscriber without consent or no longer subscribed); audience: members created 0, confirmed subscribers created 2, already here 0",
				"posts/episode-1 (posts.csv: line 5): podcast audio not imported: https://cdn.example/ep1.mp3",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("the report lacks %q:\n%s", want, out)
				}
			}
			first := wantRecord{collection: "posts", slug: "first-issue", title: "First issue, with a comma", visibility: "public",
				publishedAt: "2021-01-05 14:00:00.000Z", tags: "[]"}.check(t, h.App)
			if first.GetString("excerpt") != "Welcome 👋" || first.GetString("content") != "<p>Hello, 𝄞 subscribers.</p>\n" || first.GetString("import_id") != "101" {
				t.Errorf("first issue: %q %q %q", first.GetString("excerpt"), first.GetString("content"), first.GetString("import_id"))
			}
			wantRecord{collection: "posts", slug: "paid-only", visibility: "members", publishedAt: "2021-02-05 14:00:00.000Z"}.check(t, h.App)
			wantRecord{collection: "posts", slug: "unsent", draft: true, visibility: "public"}.check(t, h.App)
			wantRecord{collection: "posts", slug: "later", visibility: "public", publishedAt: "2099-01-01 09:00:00.000Z"}.check(t, h.App)
		})
	}
}
