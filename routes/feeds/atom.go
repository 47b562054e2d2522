package feeds

import (
	"encoding/xml"
	"time"
)

// atomNS is the Atom 1.0 namespace (RFC 4287).
const atomNS = "http://www.w3.org/2005/Atom"

// atomFeed is an Atom 1.0 document (RFC 4287).
type atomFeed struct {
	XMLName  xml.Name    `xml:"feed"`
	NS       string      `xml:"xmlns,attr"`
	ID       string      `xml:"id"`
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle"`
	Updated  string      `xml:"updated"`
	Author   *atomAuthor `xml:"author,omitempty"`
	Links    []atomLink  `xml:"link"`
	Entries  []atomEntry `xml:"entry"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
}

type atomEntry struct {
	ID         string         `xml:"id"`
	Title      atomText       `xml:"title"`
	Links      []atomLink     `xml:"link"`
	Published  string         `xml:"published"`
	Updated    string         `xml:"updated"`
	Categories []atomCategory `xml:"category"`
	Summary    atomText       `xml:"summary"`
	Content    atomText       `xml:"content"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

func atomDate(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// encodeAtom writes f as Atom 1.0. Every entry has an author through the feed's, when the
// profile names one.
func encodeAtom(f *feed) ([]byte, error) {
	doc := atomFeed{NS: atomNS, ID: f.siteURL + "/", Title: f.title, Subtitle: f.description, Updated: atomDate(f.updated),
		Links: []atomLink{{Href: f.siteURL, Rel: "alternate", Type: "text/html"}}}
	if f.author != "" {
		doc.Author = &atomAuthor{Name: f.author}
	}
	if f.selfURL != "" {
		doc.Links = append(doc.Links, atomLink{Href: f.selfURL, Rel: "self", Type: "application/atom+xml"})
	}
	for _, it := range f.items {
		e := atomEntry{
			ID: it.id, Title: atomText{Type: "text", Text: it.title},
			Links:     []atomLink{{Href: it.url, Rel: "alternate", Type: "text/html"}},
			Published: atomDate(it.published), Updated: atomDate(it.updated),
			Summary: atomText{Type: "text", Text: it.summary}, Content: atomText{Type: "html", Text: it.contentHTML},
		}
		for _, t := range it.tags {
			e.Categories = append(e.Categories, atomCategory{Term: t})
		}
		doc.Entries = append(doc.Entries, e)
	}
	return marshalXML(doc)
}
