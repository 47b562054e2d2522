package importer

import (
	"fmt"
	"net/url"
	"regexp"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/importer/source"
)

// slugShape is the schema's slug pattern (pb_migrations' slugPattern).
var slugShape = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// slugFor is the slug rec gets: the source's exactly when this site takes it and no other
// record has it; made URL-safe when the site would refuse it (WordPress keeps non-ASCII slugs
// percent-encoded); suffixed -2, -3… on a clash, as every slug here is. Each change is noted.
// An empty source slug stays empty: the slug hook makes one from the title, or an updated
// record keeps its own.
func (w *writer) slugFor(rec *core.Record, it *source.Item) (string, error) {
	if it.Slug == "" {
		return rec.GetString("slug"), nil
	}
	col := rec.Collection()
	base := it.Slug
	if !slugShape.MatchString(base) || len(base) > content.SlugMax(col) {
		decoded, err := url.PathUnescape(base)
		if err != nil {
			decoded = base
		}
		base = content.Slugify(decoded, content.SlugMax(col))
		it.Notes = append(it.Notes, fmt.Sprintf("slug %q is not a slug here; made %q", it.Slug, base))
	}
	free, err := content.FreeSlug(w.app, col, base, rec.Id)
	if err != nil {
		return "", err
	}
	if free != base {
		it.Notes = append(it.Notes, fmt.Sprintf("slug %q is taken; made %q", base, free))
	}
	return free, nil
}
