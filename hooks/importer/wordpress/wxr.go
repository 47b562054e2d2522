// Package wordpress reads WordPress's export (WXR 1.0 to 1.2, an RSS 2.0 file with the wp:
// namespace) for the importer, streaming: posts and pages become items; attachments give the
// feature images (_thumbnail_id); comments, authors, menus, terms, post meta and site
// settings are counted as skipped.
package wordpress

import (
	"encoding/xml"
	"regexp"
	"slices"
	"strings"
)

// Source is the platform's name, stored with every imported record.
const Source = "wordpress"

// versions are the WXR versions read. As WordPress's own importer does, the version is
// wp:wxr_version's text; the namespace only has to be one of WordPress's export namespaces,
// http or https (exports and test files carry either).
var versions = []string{"1.0", "1.1", "1.2"}

// wpNamespace matches the wp: namespaces of WXR 1.x.
var wpNamespace = regexp.MustCompile(`^https?://wordpress\.org/export/1\.\d+/$`)

// knownVersion says whether the wxr_version read is one of versions.
func knownVersion(v string) bool { return slices.Contains(versions, v) }

// maxDepth bounds the nesting of elements: a WXR file nests about 6 deep, and a decoder's
// memory grows with depth (a skipped element nesting millions deep took hundreds of MiB).
const maxDepth = 64

// contentNamespace is content:encoded's; excerpt:encoded is in the wp namespace's excerpt/.
const contentNamespace = "http://purl.org/rss/1.0/modules/content/"

// item is one <item> of the channel.
type item struct {
	Title      string     `xml:"title"`
	PubDate    string     `xml:"pubDate"`
	Encoded    []nsText   `xml:"encoded"` // content:encoded and excerpt:encoded, told apart by namespace
	PostID     string     `xml:"post_id"`
	PostDate   string     `xml:"post_date"`
	PostGMT    string     `xml:"post_date_gmt"`
	Modified   string     `xml:"post_modified_gmt"`
	Name       string     `xml:"post_name"`
	Status     string     `xml:"status"`
	Type       string     `xml:"post_type"`
	Password   string     `xml:"post_password"`
	Sticky     string     `xml:"is_sticky"`
	Attachment string     `xml:"attachment_url"`
	Categories []category `xml:"category"`
	Meta       []meta     `xml:"postmeta"`
	Comments   []struct{} `xml:"comment"`
}

type nsText struct {
	XMLName xml.Name
	Text    string `xml:",chardata"`
}

type category struct {
	Domain   string `xml:"domain,attr"`
	Nicename string `xml:"nicename,attr"`
	Name     string `xml:",chardata"`
}

type meta struct {
	Key   string `xml:"meta_key"`
	Value string `xml:"meta_value"`
}

// content is the item's content:encoded.
func (it *item) content() string {
	return it.encoded(func(ns string) bool { return ns == contentNamespace })
}

// excerpt is the item's excerpt:encoded.
func (it *item) excerpt() string {
	return it.encoded(func(ns string) bool { return strings.HasSuffix(ns, "/excerpt/") })
}

func (it *item) encoded(match func(ns string) bool) string {
	for _, e := range it.Encoded {
		if match(e.XMLName.Space) {
			return e.Text
		}
	}
	return ""
}

// thumbnailID is the attachment id of the item's feature image.
func (it *item) thumbnailID() string {
	for _, m := range it.Meta {
		if m.Key == "_thumbnail_id" {
			return strings.TrimSpace(m.Value)
		}
	}
	return ""
}
