package feeds

import (
	"encoding/xml"
	"html"
	"time"
)

// rss is an RSS 2.0 document (https://www.rssboard.org/rss-specification), with the content
// module for the full HTML and an atom:link to itself, as the RSS Advisory Board recommends.
type rss struct {
	XMLName   xml.Name   `xml:"rss"`
	Version   string     `xml:"version,attr"`
	ContentNS string     `xml:"xmlns:content,attr"`
	AtomNS    string     `xml:"xmlns:atom,attr"`
	Channel   rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title         string    `xml:"title"`
	Link          string    `xml:"link"`
	Description   string    `xml:"description"`
	Self          *rssSelf  `xml:"atom:link,omitempty"`
	LastBuildDate string    `xml:"lastBuildDate"`
	Items         []rssItem `xml:"item"`
}

type rssSelf struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssItem struct {
	Title       string   `xml:"title"`
	Link        string   `xml:"link"`
	Description string   `xml:"description"`
	Content     string   `xml:"content:encoded"`
	Categories  []string `xml:"category"`
	GUID        rssGUID  `xml:"guid"`
	PubDate     string   `xml:"pubDate"`
}

type rssGUID struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	ID          string `xml:",chardata"`
}

// rssDate is RFC 822's date with a four-digit year, as RSS 2.0 asks.
func rssDate(t time.Time) string { return t.UTC().Format(time.RFC1123Z) }

// encodeRSS writes f as RSS 2.0. RSS descriptions are HTML, so the plain-text excerpt is
// escaped once for HTML before XML escapes it again.
func encodeRSS(f *feed) ([]byte, error) {
	doc := rss{Version: "2.0", ContentNS: "http://purl.org/rss/1.0/modules/content/", AtomNS: atomNS,
		Channel: rssChannel{Title: f.title, Link: f.siteURL, Description: f.description, LastBuildDate: rssDate(f.updated)}}
	if f.selfURL != "" {
		doc.Channel.Self = &rssSelf{Href: f.selfURL, Rel: "self", Type: "application/rss+xml"}
	}
	for _, it := range f.items {
		doc.Channel.Items = append(doc.Channel.Items, rssItem{
			Title: it.title, Link: it.url, Description: html.EscapeString(it.summary), Content: it.contentHTML,
			Categories: it.tags, GUID: rssGUID{ID: it.id}, PubDate: rssDate(it.published),
		})
	}
	return marshalXML(doc)
}

// marshalXML writes v as an XML document. encoding/xml escapes every text and replaces
// characters XML cannot hold, so no content can break the document.
func marshalXML(v any) ([]byte, error) {
	b, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), b...), nil
}
