package fulltext

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlText is the text of an HTML fragment as a reader sees it: entities decoded, tags,
// comments and the content of script and style elements left out, and a space wherever a tag
// was, so words in neighbouring elements ("<p>a</p><p>b</p>") stay apart.
func htmlText(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0 // depth inside script or style
	for {
		switch z.Next() {
		case html.ErrorToken: // io.EOF: a string reader fails with nothing else
			return strings.TrimSpace(b.String())
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken:
			if hidden(z) {
				skip++
			}
			b.WriteByte(' ')
		case html.EndTagToken:
			if hidden(z) && skip > 0 {
				skip--
			}
			b.WriteByte(' ')
		case html.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// hidden reports whether the tag just read is one whose content is not text.
func hidden(z *html.Tokenizer) bool {
	name, _ := z.TagName()
	a := atom.Lookup(name)
	return a == atom.Script || a == atom.Style
}
