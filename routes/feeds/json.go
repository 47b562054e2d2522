package feeds

import (
	"time"

	"github.com/creator-content-api/server/routes/reply"
)

// jsonFeedVersion is the JSON Feed version URL (https://www.jsonfeed.org/version/1.1/).
const jsonFeedVersion = "https://jsonfeed.org/version/1.1"

// jsonFeed is a JSON Feed 1.1 document.
type jsonFeed struct {
	Version     string           `json:"version"`
	Title       string           `json:"title"`
	HomePageURL string           `json:"home_page_url"`
	FeedURL     string           `json:"feed_url,omitempty"`
	Description string           `json:"description"`
	Authors     []jsonFeedAuthor `json:"authors,omitempty"`
	Items       []jsonFeedItem   `json:"items"`
}

type jsonFeedAuthor struct {
	Name string `json:"name"`
}

type jsonFeedItem struct {
	ID            string    `json:"id"`
	URL           string    `json:"url"`
	Title         string    `json:"title"`
	ContentHTML   string    `json:"content_html"`
	Summary       string    `json:"summary,omitempty"`
	DatePublished time.Time `json:"date_published"`
	DateModified  time.Time `json:"date_modified"`
	Tags          []string  `json:"tags,omitempty"`
}

// encodeJSONFeed writes f as JSON Feed 1.1, with the API's deterministic JSON encoding.
func encodeJSONFeed(f *feed) ([]byte, error) {
	doc := jsonFeed{Version: jsonFeedVersion, Title: f.title, HomePageURL: f.siteURL, FeedURL: f.selfURL,
		Description: f.description, Items: []jsonFeedItem{}}
	if f.author != "" {
		doc.Authors = []jsonFeedAuthor{{Name: f.author}}
	}
	for _, it := range f.items {
		doc.Items = append(doc.Items, jsonFeedItem{ID: it.id, URL: it.url, Title: it.title, ContentHTML: it.contentHTML,
			Summary: it.summary, DatePublished: it.published.UTC(), DateModified: it.updated.UTC(), Tags: it.tags})
	}
	return reply.JSON(doc)
}
