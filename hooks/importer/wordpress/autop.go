package wordpress

import (
	"regexp"
	"strconv"
	"strings"
)

// This file is WordPress's wpautop (wp-includes/formatting.php) in Go, rule for rule, from its
// documented behaviour: WordPress stores a classic post's paragraphs as blank lines and its
// themes add the <p> and <br /> on output, so an import does it once, on the way in. Left
// out: wpautop's collapsing of line breaks around <object>, <param>, <embed>, <source> and
// <track> (old embed markup; their line breaks become <br /> here).

// blocks are wpautop's block-level elements ($allblocks).
const blocks = `(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)`

// autopRule is one regular-expression replacement of wpautop, in its order.
type autopRule struct {
	re   *regexp.Regexp
	with string
}

func rule(re, with string) autopRule { return autopRule{regexp.MustCompile(re), with} }

// Placeholders wpautop uses while it works.
const (
	newlineInTag   = " <!-- wpnl --> "
	keptNewline    = "<WPPreserveNewline />"
	prePlaceholder = "<pre wp-pre-tag-%d></pre>"
)

var (
	// before: a blank line marks a paragraph; blocks stand apart from the text around them.
	before = []autopRule{
		rule(`<br\s*/?>\s*<br\s*/?>`, "\n\n"),
		rule(`(<`+blocks+`[\s/>])`, "\n\n$1"),
		rule(`(</`+blocks+`>)`, "$1\n\n"),
		rule(`(<hr\s*?/?>)`, "$1\n\n"),
	}
	options = []autopRule{rule(`\s*<option`, "<option"), rule(`</option>\s*`, "</option>")}
	// wrapped: each paragraph in <p>, then the <p> taken off blocks again.
	wrapped = []autopRule{
		rule(`<p>\s*</p>`, ""),
		rule(`<p>([^<]+)</(div|address|form)>`, "<p>$1</p></$2>"),
		rule(`<p>\s*(</?`+blocks+`[^>]*>)\s*</p>`, "$1"),
		rule(`<p>(<li.+?)</p>`, "$1"),
		rule(`(?i)<p><blockquote([^>]*)>`, "<blockquote$1><p>"),
		rule(`</blockquote></p>`, "</p></blockquote>"),
		rule(`<p>\s*(</?`+blocks+`[^>]*>)`, "$1"),
		rule(`(</?`+blocks+`[^>]*>)\s*</p>`, "$1"),
	}
	// after: no <br /> beside a block's tags.
	after = []autopRule{
		rule(`(</?`+blocks+`[^>]*>)\s*<br />`, "$1"),
		rule(`<br />(\s*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`, "$1"),
		rule(`\n</p>$`, "</p>"),
	}
	manyBreaks  = regexp.MustCompile(`\n\n+`)
	paragraphs  = regexp.MustCompile(`\n\s*\n`)
	lineBreaks  = regexp.MustCompile(`\s*\n`)
	keptRegions = regexp.MustCompile(`(?s)<(?:script|style|svg|math)\b`)
)

func apply(text string, rules []autopRule) string {
	for _, r := range rules {
		text = r.re.ReplaceAllString(text, r.with)
	}
	return text
}

// autop makes paragraphs of text as wpautop(text, true) does: blank lines separate paragraphs,
// a single line break inside one becomes <br />, block elements are not wrapped, and nothing
// inside <pre> (nor <script>, <style>, <svg>, <math>) is touched. Shortcodes stay as text.
func autop(text string) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	text, pres := cutPre(text + "\n")
	text = apply(text, before)
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text)
	text = inTags(text, "\n", newlineInTag)
	if strings.Contains(text, "<option") {
		text = apply(text, options)
	}
	text = manyBreaks.ReplaceAllString(text, "\n\n")
	var b strings.Builder
	for _, p := range paragraphs.Split(text, -1) {
		if p != "" {
			b.WriteString("<p>" + strings.Trim(p, "\n") + "</p>\n")
		}
	}
	text = apply(b.String(), wrapped)
	text = keepNewlines(text)
	text = strings.NewReplacer("<br>", "<br />", "<br/>", "<br />").Replace(text)
	text = breakLines(text)
	text = strings.ReplaceAll(text, keptNewline, "\n")
	text = apply(text, after)
	for i, pre := range pres {
		text = strings.Replace(text, preName(i), pre, 1)
	}
	return strings.NewReplacer(newlineInTag, "\n", strings.TrimSpace(newlineInTag), "\n").Replace(text)
}

func preName(i int) string { return strings.Replace(prePlaceholder, "%d", strconv.Itoa(i), 1) }

// cutPre takes each <pre>…</pre> out of text, leaving a placeholder, as wpautop does.
func cutPre(text string) (string, []string) {
	if !strings.Contains(text, "<pre") {
		return text, nil
	}
	parts := strings.Split(text, "</pre>")
	var b strings.Builder
	var pres []string
	for _, part := range parts[:len(parts)-1] {
		start := strings.Index(part, "<pre")
		if start < 0 {
			b.WriteString(part)
			continue
		}
		b.WriteString(part[:start] + preName(len(pres)))
		pres = append(pres, part[start:]+"</pre>")
	}
	b.WriteString(parts[len(parts)-1])
	return b.String(), pres
}

// inTags replaces old with new inside tags and comments (between < and >), not in text.
func inTags(text, old, new string) string {
	var b strings.Builder
	inTag := false
	for _, r := range text {
		switch {
		case r == '<':
			inTag = true
		case r == '>':
			inTag = false
		case inTag && string(r) == old:
			b.WriteString(new)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keepNewlines marks the line breaks inside <script>, <style>, <svg> and <math> elements so
// that they do not become <br />.
func keepNewlines(text string) string {
	var b strings.Builder
	for {
		loc := keptRegions.FindStringIndex(text)
		if loc == nil {
			b.WriteString(text)
			return b.String()
		}
		name := text[loc[0]+1 : loc[1]]
		end := strings.Index(text[loc[1]:], "</"+name+">")
		if end < 0 {
			b.WriteString(text)
			return b.String()
		}
		end += loc[1] + len(name) + 3
		b.WriteString(text[:loc[0]])
		b.WriteString(strings.ReplaceAll(text[loc[0]:end], "\n", keptNewline))
		text = text[end:]
	}
}

// breakLines makes each line break not already after a <br /> a <br />.
func breakLines(text string) string {
	var b strings.Builder
	last := 0
	for _, loc := range lineBreaks.FindAllStringIndex(text, -1) {
		b.WriteString(text[last:loc[0]])
		if strings.HasSuffix(text[:loc[0]], "<br />") {
			b.WriteString(text[loc[0]:loc[1]])
		} else {
			b.WriteString("<br />\n")
		}
		last = loc[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
