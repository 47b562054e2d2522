package pb_migrations

import "github.com/pocketbase/pocketbase/core"

// newContentCollection builds the shared shape of posts and projects: title, slug, excerpt,
// content, cover, tags, visibility and draft, with extra fields placed before the timestamps.
// Indexes back the unique slug look-up, the cursor lists over all records, and (partial) the
// cursor lists of the published public records that v1 serves.
//
// It is part of the migrations that created posts and projects, and holds their values as they
// were then: a later change to either collection is a new migration, never a change here.
func newContentCollection(name string, extra ...core.Field) *core.Collection {
	c := core.NewBaseCollection(name)
	c.Fields.Add(
		titleField("title", 300),
		slugField(),
		&core.TextField{Name: "excerpt", Max: 1000, Help: "Short summary shown in lists."},
		&core.EditorField{Name: "content"},
		imageField("cover", 1, ""),
		&core.JSONField{Name: "tags", MaxSize: 4096, Help: `JSON array of strings, e.g. ["go","web"].`},
		&core.SelectField{
			Name:      "visibility",
			Values:    []string{"public", "members", "private"},
			MaxSelect: 1,
			Required:  true,
			Help:      "public: everyone; members: signed-in members; private: only you.",
		},
		&core.BoolField{Name: "draft", Help: "Drafts are never shown by the public API."},
	)
	c.Fields.Add(extra...)
	c.Fields.Add(timestampFields()...)

	addIndex(c, "slug", true, "slug")
	addCursorIndexes(c, "", "")
	addCursorIndexes(c, "published_", publishedPublicWhere)
	return c
}
