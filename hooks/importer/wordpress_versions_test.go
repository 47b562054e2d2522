package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// WXR 1.0 to 1.2 in http and https namespaces are all WordPress's: the version is
// wp:wxr_version's, as WordPress's importer reads it.
func TestWordPressVersionsAndNamespaces(t *testing.T) {
	t.Parallel()
	wxr := fixture(t, "wordpress.xml")
	for _, scheme := range []string{"http", "https"} {
		for _, version := range []string{"1.0", "1.1", "1.2"} {
			t.Run(scheme+" "+version, func(t *testing.T) {
				t.Parallel()
				file := strings.ReplaceAll(wxr, "http://wordpress.org/export/1.2/", fmt.Sprintf("%s://wordpress.org/export/%s/", scheme, version))
				file = strings.Replace(file, "<wp:wxr_version>1.2<", "<wp:wxr_version>"+version+"<", 1)
				h := apitest.New(t, apitest.Options{})
				if out, err := run(h, "wordpress", writeFile(t, "v.xml", []byte(file))); err != nil || !strings.Contains(out, "created 10,") {
					t.Fatalf("%v\n%s", err, out)
				}
			})
		}
	}
}

// A WXR 1.0 file of classic content: its terms (tags in the "tag" domain, each written twice)
// and its paragraphs as wpautop makes them, <pre> untouched, the shortcode and the embed left
// as text and counted, the comment counted.
func TestWordPress10Classic(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "wordpress", "testdata/wordpress-1.0.xml")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "created 1, updated 0, unchanged 0, skipped 13 (1 comment, 1 embed (left as its URL), 1 shortcode [caption] (left as text), 8 site setting, 2 term definition (tags come from each post))"; !strings.Contains(out, want) {
		t.Fatalf("the report lacks %q:\n%s", want, out)
	}
	rec := wantRecord{collection: "posts", slug: "pruning-in-march", title: "Pruning in March", visibility: "public",
		publishedAt: "2010-03-01 10:00:00.000Z", tags: `["Roses","pruning"]`}.check(t, h.App)
	want := "<p>Cut back to an outward bud.<br />\nBurn nothing.</p>\n" +
		`<p>[caption id="attachment_6" align="alignnone" width="300"]<img src="http://garden.example/wp-content/uploads/2010/03/rose.jpg" alt="A rose" />A rose[/caption]</p>` + "\n" +
		"<p>http://www.youtube.com/watch?v=abc123</p>\n" +
		"<pre>cut -d' ' -f1\n\nkept as it is</pre>\n" +
		"<p>Done for the year.</p>\n"
	if got := rec.GetString("content"); got != want {
		t.Fatalf("content\n got %q\nwant %q", got, want)
	}
}

// A block editor post in an https 1.2 file: the block comments are dropped and the HTML kept
// as it is (it has its paragraphs; WordPress runs no wpautop on it either); the dynamic block,
// the embed and the shortcode are counted.
func TestWordPressBlocks(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "wordpress", "testdata/wordpress-blocks.xml")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "created 1, updated 0, unchanged 0, skipped 6 (1 dynamic block wp:latest-posts (drawn by WordPress, not in the export), 1 embed (left as its URL), 1 shortcode [contact-form-7] (left as text), 3 site setting)"; !strings.Contains(out, want) {
		t.Fatalf("the report lacks %q:\n%s", want, out)
	}
	rec := wantRecord{collection: "posts", slug: "blocks-and-paragraphs", visibility: "public",
		publishedAt: "2024-03-05 08:00:00.000Z", tags: `["Notes"]`}.check(t, h.App)
	want := "<p>First paragraph.</p>\n\n<h3 class=\"wp-block-heading\">A heading</h3>\n\n" +
		"<figure class=\"wp-block-embed is-type-video\"><div class=\"wp-block-embed__wrapper\">\nhttps://www.youtube.com/watch?v=xyz\n</div></figure>\n\n\n" +
		"[contact-form-7 id=\"12\"]\n"
	if got := rec.GetString("content"); got != want {
		t.Fatalf("content\n got %q\nwant %q", got, want)
	}
}

// A skipped element nesting deeper than any export is refused at depth 64, before the
// decoder's memory grows with it (3 million levels took 580 MiB).
func TestWordPressDepthBound(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("<a>", 100_000) + strings.Repeat("</a>", 100_000)
	wxr := `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>` +
		`<wp:extra>` + deep + `</wp:extra></channel></rss>`
	h := apitest.New(t, apitest.Options{})
	_, err := run(h, "wordpress", writeFile(t, "deep.xml", []byte(wxr)))
	if err == nil || !strings.Contains(err.Error(), "deep.xml: line 1, column 318: elements nested more than 64 deep") {
		t.Fatalf("err %v", err)
	}
}
