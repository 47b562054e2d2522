package routes

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestDocsPagesRender: the pages are the lowercase Markdown files of docs/, titled by their
// first heading; a link to another page's file becomes a link to its HTML, other links stay;
// raw HTML is escaped, not served; a page without a title is refused at start.
func TestDocsPagesRender(t *testing.T) {
	site := fstest.MapFS{
		"docs/alpha.md":    {Data: []byte("# Alpha `one`\n\nSee [beta](beta.md#two), [beta's file](beta.md), [gamma](gamma.md) and [out](https://example.com/x.md).\n\n<script>alert(1)</script>\n")},
		"docs/beta.md":     {Data: []byte("Intro.\n\n# Beta\n\n## Two words\n")},
		"docs/VENDORED.md": {Data: []byte("# Not a page\n")},
		"docs/index.html":  {Data: []byte("<!doctype html>")},
	}
	pages, err := loadDocsPages(site)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 2 || pages[0].name != "alpha" || pages[1].name != "beta" {
		t.Fatalf("pages %+v, want alpha and beta", pages)
	}
	if pages[0].title != "Alpha one" || pages[1].title != "Beta" {
		t.Errorf("titles %q, %q; want %q, %q", pages[0].title, pages[1].title, "Alpha one", "Beta")
	}
	alpha := string(pages[0].html)
	for _, want := range []string{`<a href="beta#two">beta</a>`, `<a href="beta">beta's file</a>`, `<a href="gamma.md">gamma</a>`,
		`<a href="https://example.com/x.md">out</a>`, "<title>Alpha one — Creator Content API</title>"} {
		if !strings.Contains(alpha, want) {
			t.Errorf("alpha's HTML lacks %s", want)
		}
	}
	if strings.Contains(alpha, "<script>alert") {
		t.Error("alpha's raw HTML is served")
	}
	if beta := string(pages[1].html); !strings.Contains(beta, `<h2 id="two-words">Two words</h2>`) {
		t.Errorf("beta's heading has no id: %s", beta)
	}

	site["docs/untitled.md"] = &fstest.MapFile{Data: []byte("## Only a section\n")}
	if _, err := loadDocsPages(site); err == nil || !strings.Contains(err.Error(), "pb_public/docs/untitled.md") {
		t.Errorf("an untitled page: err %v, want one naming the file", err)
	}
}
