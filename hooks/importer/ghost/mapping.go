package ghost

import (
	"fmt"
	"slices"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// item maps a post row; nil (and a skip) for a status this site has no place for.
func (t *tables) item(p *post, place string, sink source.Sink) (*source.Item, error) {
	out := &source.Item{
		Collection: source.Posts,
		SourceID:   id(p.ID),
		Place:      place,
		Title:      strings.TrimSpace(str(p.Title)),
		Slug:       strings.TrimSpace(str(p.Slug)),
		Excerpt:    strings.TrimSpace(str(p.CustomExcerpt)),
		Content:    str(p.HTML),
		CoverURL:   strings.TrimSpace(str(p.FeatureImage)),
		Visibility: source.Public,
	}
	if out.SourceID == "" || out.SourceID == "null" {
		return nil, fmt.Errorf("%w: a post without an id", source.ErrWrongFormat)
	}
	if p.isPage() {
		out.Collection = source.Pages
	}
	var ok [3]bool
	out.PublishedAt, ok[0] = ghostTime(p.PublishedAt)
	out.Created, ok[1] = ghostTime(p.CreatedAt)
	out.Updated, ok[2] = ghostTime(p.UpdatedAt)
	if slices.Contains(ok[:], false) {
		return nil, fmt.Errorf("post %s: a date is neither ISO 8601 nor milliseconds", out.SourceID)
	}
	if p.HTML == nil && (p.Lexical != nil || p.Mobiledoc != nil) {
		out.Notes = append(out.Notes, "the export has no HTML for it (only lexical/mobiledoc): content left empty")
	}
	switch p.Status {
	case "published", "scheduled":
	case "draft":
		out.Draft = true
	case "sent":
		out.Draft = true
		out.Notes = append(out.Notes, "sent as an email only: imported as a draft")
	default:
		sink.Skip(fmt.Sprintf("post with status %q", p.Status))
		return nil, nil
	}
	switch p.Visibility {
	case "", "public":
	default: // members, paid, tiers, or a filter
		out.Visibility = source.Members
	}
	out.Tags = t.tagsOf(out.SourceID, sink)
	return out, nil
}

// tagsOf are the names of a post's public tags in their order; internal tags (#name) are
// counted as skipped.
func (t *tables) tagsOf(postID string, sink source.Sink) []string {
	links := slices.Clone(t.postTags[postID])
	slices.SortStableFunc(links, func(a, b postTag) int { return a.SortOrder - b.SortOrder })
	var out []string
	for _, l := range links {
		tg, ok := t.tags[id(l.TagID)]
		switch {
		case !ok:
			sink.Skip("link to a tag not in the export")
		case tg.Visibility == "internal" || strings.HasPrefix(tg.Name, "#"):
			sink.Skip("internal tag")
		case strings.TrimSpace(tg.Name) != "" && !slices.Contains(out, strings.TrimSpace(tg.Name)):
			out = append(out, strings.TrimSpace(tg.Name))
		}
	}
	return out
}
