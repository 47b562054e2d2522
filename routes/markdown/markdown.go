// Package markdown renders content for readers that prefer Markdown (AI assistants, llms.txt):
// a record's HTML body converted by html-to-markdown, under a YAML front matter of its title,
// slug, dates and tags.
package markdown

import (
	"strconv"
	"strings"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
)

// FromHTML converts an HTML fragment to CommonMark; an empty fragment is "".
func FromHTML(html string) (string, error) {
	if strings.TrimSpace(html) == "" {
		return "", nil
	}
	md, err := htmltomarkdown.ConvertString(html)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(md), nil
}

// Front is a document's front matter. Empty fields are left out.
type Front struct {
	Title, Slug, URL   string
	Published, Updated string
	Tags               []string
	Excerpt            string
}

// Document is the front matter and the body (already Markdown), ending in one newline.
func Document(f Front, body string) string {
	var b strings.Builder
	b.WriteString("---\n")
	field := func(name, v string) {
		if v != "" {
			b.WriteString(name + ": " + strconv.Quote(v) + "\n")
		}
	}
	field("title", f.Title)
	field("slug", f.Slug)
	field("url", f.URL)
	field("published", f.Published)
	field("updated", f.Updated)
	field("excerpt", f.Excerpt)
	if len(f.Tags) > 0 {
		b.WriteString("tags:\n")
		for _, t := range f.Tags {
			b.WriteString("  - " + strconv.Quote(t) + "\n")
		}
	}
	b.WriteString("---\n")
	if body != "" {
		b.WriteString("\n" + body + "\n")
	}
	return b.String()
}
