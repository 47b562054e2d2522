package importer_test

import (
	"archive/zip"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/importer"
	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/importer/substack"
)

// Bad input fails with one line naming the file and the place, and the site is unchanged.
func TestBadInput(t *testing.T) {
	t.Parallel()
	wxr := fixture(t, "wordpress.xml")
	ghost := fixture(t, "ghost.json")
	substackZip, err := os.ReadFile(zipDir(t, "testdata/substack"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, platform, file string
		content              []byte
		want                 string
	}{
		{"truncated WXR", "wordpress", "t.xml", []byte(wxr[:len(wxr)/2]), "the file ends inside the export (truncated?)"},
		{"malformed WXR", "wordpress", "m.xml", []byte(strings.Replace(wxr, "</title>\n\t\t<wp:post_id>11", "\n\t\t<wp:post_id>11", 1)),
			"m.xml: line 64, column 9: element <title> closed by </item>"},
		{"bad UTF-8 in WXR", "wordpress", "u.xml", []byte(strings.Replace(wxr, "Half-written", "Half\xff-written", 1)), "u.xml: line 67, column 23: invalid UTF-8"},
		{"WXR 1.3", "wordpress", "v.xml", []byte(strings.Replace(wxr, "<wp:wxr_version>1.2", "<wp:wxr_version>1.3", 1)), `WXR version "1.3"`},
		{"a namespace not WordPress's", "wordpress", "n.xml", []byte(strings.ReplaceAll(wxr, "http://wordpress.org/export/1.2/", "https://example.com/export/1.2/")),
			`n.xml: line 15, column 38: not an export of this platform: WXR version "1.2" (namespace "https://example.com/export/1.2/")`},
		{"plain RSS", "wordpress", "r.xml", []byte(`<?xml version="1.0"?><rss><channel><item><title>x</title></item></channel></rss>`),
			"r.xml: line 1, column 42: not an export of this platform: an <item> before any <wp:wxr_version>"},
		{"Ghost's file to wordpress", "wordpress", "g.json", []byte(ghost), "g.json: not an export of this platform: this is JSON"},
		{"empty file", "wordpress", "e.xml", nil, "e.xml: not an export of this platform: this is not XML"},
		{"truncated Ghost", "ghost", "t.json", []byte(ghost[:len(ghost)/2]), "t.json: line 3"},
		{"bad UTF-8 in Ghost", "ghost", "u.json", []byte(strings.Replace(ghost, "Unfinished", "Un\xc3finished", 1)), "u.json: line 24, column 58: invalid UTF-8 at byte 1599"},
		{"malformed Ghost", "ghost", "m.json", []byte(`{"db":[{"data":{"posts":[{"id": }]}}]}`), "m.json: line 1, column 33: invalid character '}'"},
		{"JSON of another kind", "ghost", "o.json", []byte(`{"posts":[{"id":1}]}`), "o.json: not an export of this platform: no db[0].data"},
		{"WordPress's file to ghost", "ghost", "w.xml", []byte(wxr), "w.xml: not an export of this platform: this is XML"},
		{"truncated zip", "substack", "t.zip", substackZip[:len(substackZip)-30], "t.zip: not an export of this platform: not a readable zip"},
		{"zip without posts.csv", "substack", "n.zip", zipOf(t, map[string]string{"index.html": "<p>hi</p>"}), "n.zip: not an export of this platform: no posts.csv"},
		{"bad UTF-8 in a body", "substack", "b.zip", zipOf(t, map[string]string{
			"posts.csv": "post_id,post_date,is_published,title\n1.a,2021-01-01T00:00:00Z,true,A\n", "posts/1.a.html": "<p>\xff</p>"}),
			"b.zip: posts/1.a.html: invalid UTF-8 at byte 3"},
		{"bad posts.csv", "substack", "c.zip", zipOf(t, map[string]string{"posts.csv": "post_id,post_date,is_published,title\n1.a,\"2021,true,A\n"}),
			`c.zip: posts.csv: line 2, column 18: extraneous or missing " in quoted-field`},
		{"Ghost's file to substack", "substack", "g.json", []byte(ghost), "g.json: not an export of this platform: not a readable zip"},
	}
	h := apitest.New(t, apitest.Options{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(h, tc.platform, writeFile(t, tc.file, tc.content))
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("err %v, want one line with %q\n%s", err, tc.want, out)
			}
			if !strings.HasPrefix(err.Error(), "import "+tc.platform+": ") {
				t.Fatalf("err %q does not say which import failed", err)
			}
		})
	}
	if n := count(t, h.App, "posts") + count(t, h.App, "pages"); n != 0 {
		t.Fatalf("failed imports wrote %d records", n)
	}
}

// Oversized input is refused before it is read: a file over the limit, a zip with an entry
// that unpacks past it (a bomb), or with too many entries.
func TestLimits(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	lim := source.Limits{File: 4 << 10, Entry: 2 << 10, Entries: 10, Text: 2 << 10}
	bomb := writeFile(t, "bomb.zip", zipOf(t, map[string]string{"posts.csv": "post_id,post_date,is_published,title\n",
		"posts/1.a.html": strings.Repeat("0", 3<<10)}))
	many := map[string]string{"posts.csv": "post_id,post_date,is_published,title\n"}
	for i := range 11 {
		many["f"+string(rune('a'+i))] = "x"
	}
	for name, tc := range map[string]struct {
		read func(source.Sink) error
		want string
	}{
		"file": {func(s source.Sink) error {
			return substack.Read(writeFile(t, "big.zip", bytes.Repeat([]byte("x"), 5<<10)), lim, s)
		},
			"big.zip: too large: 5120 bytes, the limit is 4096"},
		"entry": {func(s source.Sink) error { return substack.Read(bomb, lim, s) }, "bomb.zip: posts/1.a.html: too large: 3072 bytes unpacked, the limit is 2048"},
		"entries": {func(s source.Sink) error { return substack.Read(writeFile(t, "many.zip", zipOf(t, many)), lim, s) },
			"many.zip: too large: 12 entries, the limit is 10"},
	} {
		_, err := importer.Run(h.App, importer.Options{Source: "substack", File: name}, tc.read)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// zipOf is a zip of the named files.
func zipOf(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, content := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
