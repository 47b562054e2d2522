package pb_migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addScheduledPublishing, dropScheduledPublishing)
}

// addScheduledPublishing adds published_at and the hidden publish_announced flag to posts,
// projects and pages. A record that is not a draft is published once published_at has come,
// and content.published fires for it then, once (the flag records that it has). Records
// published before the field existed get their creation time and the flag: their event has
// fired, or never will, as before.
//
// Indexes: the v1 lists sorted by published_at read (published_at, id) limited to the
// published public records, as the other sorts do; the publish job finds records whose time
// has come through a small index of the records it has not announced yet.
func addScheduledPublishing(app core.App) error {
	for _, name := range []string{"posts", "projects", "pages"} {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		c.Fields.Add(
			&core.DateField{Name: "published_at",
				Help: "When the record goes live. Empty on a non-draft means now; a future time schedules it."},
			&core.BoolField{Name: "publish_announced", Hidden: true,
				Help: "Set when content.published has fired for the current publication."},
		)
		if name != "pages" {
			c.AddIndex("idx_"+name+"_published_published_at_id", false, "published_at, id",
				"draft = 0 AND visibility = 'public'")
		}
		c.AddIndex("idx_"+name+"_publish_due", false, "published_at", "draft = 0 AND publish_announced = 0")
		if err := saveCollection(app, c); err != nil {
			return err
		}
		_, err = app.DB().Update(name, dbx.Params{"published_at": dbx.NewExp("[[created]]"), "publish_announced": true},
			dbx.NewExp("[[draft]] = 0")).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}

func dropScheduledPublishing(app core.App) error {
	for _, name := range []string{"posts", "projects", "pages"} {
		c, err := findCollection(app, name)
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_" + name + "_published_published_at_id")
		c.RemoveIndex("idx_" + name + "_publish_due")
		c.Fields.RemoveByName("published_at")
		c.Fields.RemoveByName("publish_announced")
		if err := saveCollection(app, c); err != nil {
			return err
		}
	}
	return nil
}
