// Package ghost reads Ghost's JSON export (the db[0].data layout of Ghost 2 to 6) for the
// importer, streaming with encoding/json's token decoder: posts and pages become items with
// their tags (tags and posts_tags), members become people (with their newsletter consent:
// subscribed up to Ghost 4, members_newsletters since Ghost 5); every other table's rows
// (users, settings, labels…) are counted as skipped.
package ghost

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Source is the platform's name, stored with every imported record.
const Source = "ghost"

// post is one row of the posts table (pages too: type "page", or page: true before Ghost 3).
type post struct {
	ID            json.RawMessage `json:"id"`
	Title         *string         `json:"title"`
	Slug          *string         `json:"slug"`
	HTML          *string         `json:"html"`
	Mobiledoc     *string         `json:"mobiledoc"`
	Lexical       *string         `json:"lexical"`
	FeatureImage  *string         `json:"feature_image"`
	Type          string          `json:"type"`
	Page          json.RawMessage `json:"page"`
	Status        string          `json:"status"`
	Visibility    string          `json:"visibility"`
	PublishedAt   json.RawMessage `json:"published_at"`
	CreatedAt     json.RawMessage `json:"created_at"`
	UpdatedAt     json.RawMessage `json:"updated_at"`
	CustomExcerpt *string         `json:"custom_excerpt"`
}

// tag is one row of the tags table.
type tag struct {
	ID         json.RawMessage `json:"id"`
	Name       string          `json:"name"`
	Visibility string          `json:"visibility"`
}

// setting is one row of the settings table.
type setting struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"` // a string in Ghost's settings, read only for url
}

// postTag is one row of posts_tags.
type postTag struct {
	PostID    json.RawMessage `json:"post_id"`
	TagID     json.RawMessage `json:"tag_id"`
	SortOrder int             `json:"sort_order"`
}

// id reads an id, a string since Ghost 1 and a number before.
func id(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(raw))
}

// str is a nullable string's value.
func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// isPage reads the type, or the page flag of exports before Ghost 3.
func (p *post) isPage() bool {
	if p.Type != "" {
		return p.Type == "page"
	}
	v := strings.TrimSpace(string(p.Page))
	return v == "true" || v == "1"
}

// ghostTime reads a date: an ISO 8601 string (UTC, "2020-01-02T10:00:00.000Z" or
// "2020-01-02 10:00:00"), or milliseconds since the epoch; null or absent is zero.
func ghostTime(raw json.RawMessage) (time.Time, bool) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return time.Time{}, true
	}
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
		return time.UnixMilli(ms).UTC(), true
	}
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return time.Time{}, false
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
