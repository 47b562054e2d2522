package wordpress

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// wpTime is the layout of wp:post_date and its _gmt twins.
const wpTime = "2006-01-02 15:04:05"

// collectionOf maps a post type to the collection its items go to.
func collectionOf(postType string) (string, bool) {
	switch strings.TrimSpace(postType) {
	case "post":
		return source.Posts, true
	case "page":
		return source.Pages, true
	}
	return "", false
}

// typeReason is why an item of another post type is skipped.
func typeReason(postType string) string {
	switch postType {
	case "attachment":
		return "attachment (media library entry)"
	case "nav_menu_item":
		return "menu item"
	case "revision":
		return "revision"
	}
	return fmt.Sprintf("item of post type %q", postType)
}

// emit maps one item and hands it to sink, or counts it as skipped.
func emit(path string, it *item, place string, attachments map[string]string, sink source.Sink) error {
	for range it.Comments {
		sink.Skip("comment")
	}
	col, ok := collectionOf(it.Type)
	if !ok {
		sink.Skip(typeReason(strings.TrimSpace(it.Type)))
		return nil
	}
	out := source.Item{
		Collection: col,
		SourceID:   strings.TrimSpace(it.PostID),
		Place:      place,
		Title:      strings.TrimSpace(it.Title),
		Slug:       strings.TrimSpace(it.Name),
		Excerpt:    strings.TrimSpace(it.excerpt()),
		Visibility: source.Public,
		Created:    gmt(it.PostGMT),
		Updated:    gmt(it.Modified),
	}
	if out.SourceID == "" {
		return &source.ParseError{File: path, Place: place, Err: fmt.Errorf("%w: an item without wp:post_id", source.ErrWrongFormat)}
	}
	switch status := strings.TrimSpace(it.Status); status {
	case "publish", "future":
		out.PublishedAt = publishedAt(it, &out)
	case "private":
		out.Visibility = source.Private
		out.PublishedAt = publishedAt(it, &out)
	case "draft", "pending":
		out.Draft = true
		if status == "pending" {
			out.Notes = append(out.Notes, "pending review: imported as a draft")
		}
	case "trash":
		sink.Skip("trashed " + it.Type)
		return nil
	case "auto-draft":
		sink.Skip("auto-draft")
		return nil
	default:
		sink.Skip(fmt.Sprintf("%s with status %q", it.Type, status))
		return nil
	}
	if it.Password != "" {
		out.Visibility = source.Private
		out.Notes = append(out.Notes, "password-protected: imported as private (the password is not imported)")
	}
	if strings.TrimSpace(it.Sticky) == "1" {
		sink.Skip("sticky flag")
	}
	out.Content = body(it.content(), sink)
	out.Tags = tags(it.Categories, sink)
	for _, m := range it.Meta {
		if m.Key != "_thumbnail_id" {
			sink.Skip("post meta")
		}
	}
	if id := it.thumbnailID(); id != "" {
		out.CoverURL = attachments[id]
		if out.CoverURL == "" {
			out.Notes = append(out.Notes, fmt.Sprintf("feature image %s is not in the export", id))
		}
	}
	return sink.Item(out)
}

// publishedAt is the item's publication time in UTC: wp:post_date_gmt, else the RSS pubDate,
// else wp:post_date read as UTC (noted: the site's time zone is not in the export).
func publishedAt(it *item, out *source.Item) time.Time {
	if t := gmt(it.PostGMT); !t.IsZero() {
		return t
	}
	if t, err := mail.ParseDate(strings.TrimSpace(it.PubDate)); err == nil && t.Year() > 1 {
		return t.UTC()
	}
	if t := gmt(it.PostDate); !t.IsZero() {
		out.Notes = append(out.Notes, "no GMT date; wp:post_date read as UTC")
		return t
	}
	return time.Time{}
}

// gmt reads a wp date; WordPress writes 0000-00-00 00:00:00 for none.
func gmt(s string) time.Time {
	t, err := time.Parse(wpTime, strings.TrimSpace(s))
	if err != nil || t.Year() < 1 {
		return time.Time{}
	}
	return t
}

// tags are the names of the item's categories and tags, each once; post formats and other
// taxonomies are counted as skipped. WXR 1.0 names tags' domain "tag" and writes each term a
// second time without a domain: those copies are ignored, as WordPress's importer does.
func tags(cats []category, sink source.Sink) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range cats {
		switch c.Domain {
		case "category", "post_tag", "tag":
		case "":
			continue
		case "post_format":
			sink.Skip("post format")
			continue
		default:
			sink.Skip(fmt.Sprintf("term of taxonomy %q", c.Domain))
			continue
		}
		name := strings.TrimSpace(c.Name)
		if name == "" || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, name)
	}
	return out
}
