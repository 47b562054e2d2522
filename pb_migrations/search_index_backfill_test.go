package pb_migrations_test

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	pbm "github.com/creator-content-api/server/pb_migrations"
)

// The search index migration's backfill indexes what a record says, not its markup: the
// words of its title, excerpt, HTML content (tags removed, entities decoded) and tags are
// found, the tag names and entity names are not. No record hook runs here (the app has none),
// as none ran for the records a site held before the migration.
func TestSearchIndexBackfill(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(posts)
	rec.Load(map[string]any{"title": "Gardening notes", "slug": "gardening", "visibility": "public",
		"excerpt": "Tomatoes everywhere", "tags": []any{"compost", []any{"worms"}},
		"content": `<p>Soil &amp; <strong>sunlight</strong></p><a href="https://x.example">link text</a><br/>`})
	if err := app.SaveNoValidate(rec); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("DELETE FROM search_index").Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery(pbm.BackfillSearchIndexSQL("posts", "excerpt", "content", true)).Execute(); err != nil {
		t.Fatal(err)
	}
	for word, found := range map[string]bool{
		"gardening": true, "tomatoes": true, "soil": true, "sunlight": true, "link": true, "compost": true, "worms": true,
		"strong": false, "href": false, "amp": false, "br": false, "p": false,
	} {
		var n int
		err := app.DB().NewQuery("SELECT COUNT(*) FROM search_index WHERE search_index MATCH {:q}").
			Bind(dbx.Params{"q": "{title body tags}: " + word}).Row(&n)
		if err != nil {
			t.Fatal(err)
		}
		if (n == 1) != found {
			t.Errorf("%q: %d rows, want found=%v", word, n, found)
		}
	}
}
