package routes

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// DocsPagesHandlerID is the OnServe handler that binds the documentation pages: the
// operator's and the API consumer's guides, written as Markdown in pb_public/docs/ and served
// at /docs/{name} as HTML and at /docs/{name}.md as they are written (for assistants). An
// OnServe hook can unbind it (app.OnServe().Unbind(DocsPagesHandlerID)) to serve none.
const DocsPagesHandlerID = "ccaDocsPages"

// docsDir is the directory of the pages in the site built into the binary. The pages are
// always the binary's own, whatever --publicDir serves: they document this build.
const docsDir = "docs"

// docsPageName is what makes a Markdown file of docsDir a page: a lowercase name
// (VENDORED.md, the vendoring notes, is not one).
var docsPageName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// Content types of a page's two forms.
const (
	contentTypeHTML     = "text/html; charset=utf-8"
	contentTypeMarkdown = "text/markdown; charset=utf-8"
)

// docsPage is one page in its two forms.
type docsPage struct {
	name, title    string
	markdown, html []byte
	modTime        time.Time // the binary's, for Last-Modified and conditional requests
}

// bindDocsPages binds, for each page of site's docsDir, GET /docs/{name} (HTML) and GET
// /docs/{name}.md (Markdown). Literal paths, so /docs/ and its other files stay the static
// catch-all's, and a name that is no page is its 404.
func bindDocsPages(site fs.FS) *hook.Handler[*core.ServeEvent] {
	return &hook.Handler[*core.ServeEvent]{Id: DocsPagesHandlerID, Func: func(se *core.ServeEvent) error {
		pages, err := loadDocsPages(site)
		if err != nil {
			return err
		}
		for _, p := range pages {
			se.Router.GET("/docs/"+p.name, p.serve(contentTypeHTML, p.html))
			se.Router.GET("/docs/"+p.name+".md", p.serve(contentTypeMarkdown, p.markdown))
		}
		return se.Next()
	}}
}

// loadDocsPages reads and renders every page of site's docsDir, in name order.
func loadDocsPages(site fs.FS) ([]docsPage, error) {
	files, err := fs.Glob(site, docsDir+"/*.md")
	if err != nil {
		return nil, err
	}
	var pages []docsPage
	for _, file := range files {
		name := strings.TrimSuffix(path.Base(file), ".md")
		if !docsPageName.MatchString(name) {
			continue
		}
		md, err := fs.ReadFile(site, file)
		if err != nil {
			return nil, err
		}
		fi, err := fs.Stat(site, file)
		if err != nil {
			return nil, err
		}
		pages = append(pages, docsPage{name: name, markdown: md, modTime: fi.ModTime()})
	}
	names := make([]string, len(pages))
	for i, p := range pages {
		names[i] = p.name
	}
	for i := range pages {
		if err := pages[i].render(names); err != nil {
			return nil, fmt.Errorf("pb_public/%s/%s.md: %w", docsDir, pages[i].name, err)
		}
	}
	return pages, nil
}

// markdownRenderer renders the pages: GitHub's tables, and an id on every heading so that a
// section can be linked (/docs/operations#https).
var markdownRenderer = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// render fills the page's title (its first heading) and HTML. A link to another page's
// Markdown file (guides.md#feeds, which is right in the repository) becomes a link to that
// page's HTML (guides#feeds).
func (p *docsPage) render(pageNames []string) error {
	doc := markdownRenderer.Parser().Parse(text.NewReader(p.markdown))
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if p.title == "" && n.Level == 1 {
				p.title = plainText(n, p.markdown)
			}
		case *ast.Link:
			dest := string(n.Destination)
			file, fragment, _ := strings.Cut(dest, "#")
			if name, ok := strings.CutSuffix(file, ".md"); ok && slices.Contains(pageNames, name) {
				if fragment != "" {
					name += "#" + fragment
				}
				n.Destination = []byte(name)
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return err
	}
	if p.title == "" {
		return fmt.Errorf("no level-1 heading to title the page")
	}
	var body bytes.Buffer
	if err := markdownRenderer.Renderer().Render(&body, p.markdown, doc); err != nil {
		return err
	}
	var page bytes.Buffer
	err = docsPageHTML.Execute(&page, struct {
		Title, Name string
		Body        template.HTML
	}{p.title, p.name, template.HTML(body.String())}) // goldmark escapes raw HTML (not WithUnsafe)
	p.html = page.Bytes()
	return err
}

// plainText is the text of a heading, its code spans included.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(source))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// serve answers one form of the page as a static file is answered: Last-Modified (the
// binary's time), 304 to a matching If-Modified-Since, no Cache-Control of its own.
func (p docsPage) serve(contentType string, body []byte) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		e.Response.Header().Set("Content-Type", contentType)
		http.ServeContent(e.Response, e.Request, p.name, p.modTime, bytes.NewReader(body))
		return nil
	}
}

// docsPageHTML is a page's frame, in the landing page's look, with the way to the other
// documentation.
var docsPageHTML = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{.Title}} — Creator Content API</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="alternate" type="text/markdown" href="/docs/{{.Name}}.md">
  <style>
    body { max-width: 52rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.55;
           font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; }
    nav { font-size: .95rem; margin-bottom: 1.5rem; }
    code { background: #f6f8fa; padding: .1rem .3rem; border-radius: 4px; font-size: .9em; }
    pre { background: #f6f8fa; padding: .75rem 1rem; border-radius: 6px; overflow-x: auto; }
    pre code { padding: 0; }
    table { border-collapse: collapse; display: block; overflow-x: auto; font-size: .92rem; }
    th, td { border: 1px solid #d1d9e0; padding: .3rem .6rem; vertical-align: top; text-align: left; }
    h2, h3 { margin-top: 2rem; }
  </style>
</head>
<body>
  <nav><a href="/">Home</a> · <a href="/docs/">API reference</a> · <a href="/docs/operations">Operations</a> ·
    <a href="/docs/guides">Guides</a> · <a href="/docs/{{.Name}}.md">Markdown</a></nav>
  <main>
{{.Body}}
  </main>
</body>
</html>
`))
