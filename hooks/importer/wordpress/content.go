package wordpress

import (
	"regexp"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

var (
	// blockDelimiter is a Gutenberg block comment: <!-- wp:name {attrs} -->, <!-- /wp:name -->,
	// or a dynamic block's <!-- wp:name {attrs} /--> (its attributes never hold "-->").
	blockDelimiter = regexp.MustCompile(`<!--\s+(/?)wp:([a-z0-9/-]+)(?s:.*?)(/?)-->\n?`)
	// shortcode is an opening shortcode, [name …] or [name/]; [[name]] is WordPress's escape.
	shortcode = regexp.MustCompile(`\[\[?([A-Za-z][A-Za-z0-9_-]*)(?:[\s/][^\]]*)?\]`)
	// bareURL is a line holding only a URL, which WordPress turns into an embed on output.
	bareURL = regexp.MustCompile(`(?m)^[ \t]*https?://[^\s<]+[ \t]*$`)
)

// body is the HTML of an item's content:encoded as WordPress would show it, counting in sink
// what it cannot bring: a block editor post (Gutenberg: its block comments) loses the
// comments and keeps its HTML, which already has its paragraphs (WordPress does not run
// wpautop on block content either); a dynamic block, drawn by WordPress on each view, is left
// out. A classic post gets its paragraphs from autop. Shortcodes stay as text (their plugins
// are not here) and embeds as their URL; both are counted.
func body(content string, sink source.Sink) string {
	for _, m := range shortcode.FindAllStringSubmatch(content, -1) {
		if !strings.HasPrefix(m[0], "[[") {
			sink.Skip("shortcode [" + m[1] + "] (left as text)")
		}
	}
	if !blockDelimiter.MatchString(content) {
		for range bareURL.FindAllString(content, -1) {
			sink.Skip("embed (left as its URL)")
		}
		return autop(content)
	}
	return blockDelimiter.ReplaceAllStringFunc(content, func(d string) string {
		m := blockDelimiter.FindStringSubmatch(d)
		closing, name, dynamic := m[1] == "/", strings.TrimPrefix(m[2], "core/"), m[3] == "/"
		switch {
		case dynamic:
			sink.Skip("dynamic block wp:" + name + " (drawn by WordPress, not in the export)")
		case !closing && (name == "embed" || strings.HasPrefix(name, "core-embed/")):
			sink.Skip("embed (left as its URL)")
		}
		return ""
	})
}
