package sends

import (
	"bytes"
	"html"
	"html/template"
	"regexp"
	"strings"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// unsubscribeMark stands in the rendered bodies for each subscriber's own unsubscribe link.
const unsubscribeMark = "[[unsubscribe_url]]"

// relativeLink is a src or href attribute whose URL is a path on the site.
var relativeLink = regexp.MustCompile(`(?i)\b(src|href)\s*=\s*"(/[^/"][^"]*|/)"`)

// letter is the template of the HTML part: a plain page whose CSS is inline on each element,
// as mail clients drop <style> blocks. No tracking pixel and no rewritten links: a send counts
// what the server took, never opens or clicks.
var letter = template.Must(template.New("letter").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Title}}</title></head>
<body style="margin:0;padding:0;background:#f6f6f6">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#222222">
<h1 style="font-size:26px;line-height:1.25;margin:0 0 16px 0">{{.Title}}</h1>
{{if .Cover}}<p style="margin:0 0 16px 0"><img src="{{.Cover}}" alt="" style="max-width:100%;height:auto;border:0"></p>{{end}}
<div>{{.Content}}</div>
{{if .SignIn}}<p style="margin:24px 0 0 0"><a href="{{.SignIn}}" style="color:#1a5fb4">` + signInLabel + `</a></p>
{{else if .Link}}<p style="margin:24px 0 0 0"><a href="{{.Link}}" style="color:#1a5fb4">Read it on the site</a></p>{{end}}
<hr style="border:0;border-top:1px solid #dddddd;margin:32px 0 16px 0">
<p style="font-size:13px;color:#666666;margin:0">You get this because you subscribed to {{.Site}}. <a href="` + unsubscribeMark + `" style="color:#666666">Unsubscribe</a></p>
</div></body></html>`))

// rendered is a post as its recipients get it, but for the unsubscribe link (unsubscribeMark).
type rendered struct {
	Subject, HTML, Text string
}

// signInLabel is the cut letter's link to the rest of the post on the site.
const signInLabel = "Sign in to read the rest"

// render makes the letter of post from the site named site, whose API (its files, its relative
// links) is at baseURL; link is the post's address on the owner's site, empty for none (an
// e-mail-only post has no page there). A cut letter, for a reader who may not read the post
// whole, has only its public part (vocab.PublicPart; the excerpt when it has none) and, instead
// of the link to the post, signInLabel linking there.
func render(post *core.Record, site, baseURL, link string, cut bool) (rendered, error) {
	base := strings.TrimRight(baseURL, "/")
	content := post.GetString("content")
	data := struct {
		Title, Site, Cover, Link, SignIn string
		Content                          template.HTML
	}{Title: post.GetString("title"), Site: site, Link: link}
	if cut {
		content = vocab.PublicPart(content)
		if strings.TrimSpace(content) == "" && post.GetString("excerpt") != "" {
			content = "<p>" + html.EscapeString(post.GetString("excerpt")) + "</p>"
		}
		data.Link, data.SignIn = "", link
	}
	content = absolute(content, base)
	data.Content = template.HTML(content) // #nosec G203 -- the owner's own post HTML
	if cover := post.GetString("cover"); cover != "" {
		data.Cover = base + "/api/files/" + post.Collection().Id + "/" + post.Id + "/" + cover
	}
	var page bytes.Buffer
	if err := letter.Execute(&page, data); err != nil {
		return rendered{}, err
	}
	md, err := htmltomarkdown.ConvertString(content)
	if err != nil {
		return rendered{}, err
	}
	text := data.Title + "\n\n" + md + "\n\n"
	switch {
	case data.SignIn != "":
		text += signInLabel + ": " + data.SignIn + "\n\n"
	case data.Link != "":
		text += "Read it on the site: " + data.Link + "\n\n"
	}
	text += "-- \nYou get this because you subscribed to " + site + ". Unsubscribe: " + unsubscribeMark + "\n"
	return rendered{Subject: data.Title, HTML: page.String(), Text: text}, nil
}

// absolute makes the site-relative links and images of html absolute on base, as a mail client
// has no site to resolve them against.
func absolute(html, base string) string {
	return relativeLink.ReplaceAllString(html, `$1="`+base+`$2"`)
}
