package routes_test

import (
	"bytes"
	"io/fs"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/pb_public"
)

// TestDocsPages: each Markdown page of pb_public/docs is served as HTML at /docs/{name}, with
// an id on every heading, and as written at /docs/{name}.md; a name that is no page is 404,
// and no path reaches a file outside the pages. Like the static files: Last-Modified and 304,
// no Cache-Control of their own.
func TestDocsPages(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const html, md = "text/html; charset=utf-8", "text/markdown; charset=utf-8"
	static := map[string]string{"Last-Modified": apitest.Present, "Cache-Control": "", "Content-Type": html}
	asMarkdown := map[string]string{"Last-Modified": apitest.Present, "Cache-Control": "", "Content-Type": md}
	sameAs := func(file string) func(testing.TB, *apitest.Harness, *apitest.Response) {
		return func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
			want, err := fs.ReadFile(pb_public.FS(), file)
			if err != nil || !bytes.Equal(res.Body, want) {
				t.Errorf("the body is not pb_public/%s (%v)", file, err)
			}
		}
	}
	modified := h.Do(apitest.Request{Path: "/docs/operations"}).Header.Get("Last-Modified")
	for _, s := range []apitest.Scenario{
		{Name: "operations as HTML", Path: "/docs/operations", ExpectedStatus: http.StatusOK, ExpectedHeaders: static,
			ExpectedContent: []string{"<title>Operations — Creator Content API</title>", `<h2 id="flags">Flags</h2>`,
				`<h2 id="logs">Logs</h2>`, `<h2 id="metrics">Metrics</h2>`, `<h2 id="https">HTTPS</h2>`,
				`<h2 id="replication">Replication</h2>`, `<h2 id="cdn">CDN</h2>`, "<table>",
				`href="guides#history"`, `href="/docs/operations.md"`},
			NotExpectedContent: []string{`href="guides.md`}},
		{Name: "guides as HTML", Path: "/docs/guides", ExpectedStatus: http.StatusOK, ExpectedHeaders: static,
			ExpectedContent: []string{"<title>Guides — Creator Content API</title>", `<h2 id="members">Members</h2>`,
				`<h2 id="feeds">Feeds</h2>`, `<h2 id="mcp">MCP</h2>`, `<h2 id="previews">Previews</h2>`,
				`<h2 id="newsletter">Newsletter</h2>`, `<h2 id="webhooks">Webhooks</h2>`, `<h2 id="imports">Imports</h2>`,
				`href="operations#https"`}},
		{Name: "operations as Markdown", Path: "/docs/operations.md", ExpectedStatus: http.StatusOK, ExpectedHeaders: asMarkdown,
			After: sameAs("docs/operations.md")},
		{Name: "guides as Markdown", Path: "/docs/guides.md", ExpectedStatus: http.StatusOK, ExpectedHeaders: asMarkdown,
			After: sameAs("docs/guides.md")},
		{Name: "HEAD", Method: http.MethodHead, Path: "/docs/guides", ExpectedStatus: http.StatusOK, ExpectedHeaders: static},
		{Name: "revalidation", Path: "/docs/operations", Headers: map[string]string{"If-Modified-Since": modified},
			ExpectedStatus: http.StatusNotModified},
		{Name: "an unknown page", Path: "/docs/nothing", ExpectedStatus: http.StatusNotFound},
		{Name: "an unknown page's Markdown", Path: "/docs/nothing.md", ExpectedStatus: http.StatusNotFound},
		{Name: "a Markdown file that is no page", Path: "/docs/VENDORED", ExpectedStatus: http.StatusNotFound},
		{Name: "a page's name in another case", Path: "/docs/Operations", ExpectedStatus: http.StatusNotFound},
		{Name: "a page under a page", Path: "/docs/operations/guides", ExpectedStatus: http.StatusNotFound},
		{Name: "an encoded traversal", Path: "/docs/..%2fsite.go", ExpectedStatus: http.StatusNotFound,
			NotExpectedContent: []string{"package pb_public"}},
		{Name: "an encoded traversal after a page", Path: "/docs/operations.md%2f..%2f..%2fsite.go", ExpectedStatus: http.StatusNotFound,
			NotExpectedContent: []string{"package pb_public"}},
	} {
		s.Test(t, h)
	}
	if modified == "" {
		t.Error("GET /docs/operations: no Last-Modified")
	}
}
