package markdown

import "github.com/creator-content-api/server/hooks/content"

// FromView is a post's or project's view (as the v1 read renders or answers it,
// content included) as a Markdown document: front matter of its title, slug, dates and tags, its
// content converted from HTML. link is where the document is served, "" for none.
func FromView(view map[string]any, link string) (string, error) {
	str := func(name string) string { s, _ := view[name].(string); return s }
	var tags []string
	switch t := view[content.TagsField].(type) {
	case []string: // a view as rendered
		tags = t
	case []any: // a view decoded from its JSON
		for _, v := range t {
			if s, ok := v.(string); ok {
				tags = append(tags, s)
			}
		}
	}
	body, err := FromHTML(str("content"))
	if err != nil {
		return "", err
	}
	return Document(Front{
		Title: str("title"), Slug: str("slug"), URL: link, Published: str("published_at"), Updated: str("updated"),
		Tags: tags, Excerpt: str("excerpt"),
	}, body), nil
}
