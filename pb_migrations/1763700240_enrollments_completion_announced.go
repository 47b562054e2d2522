package pb_migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addCompletionAnnounced, dropCompletionAnnounced)
}

// completionAnnounced is set, in the same write, when course.completed fires for an
// enrollment, so that clearing completed_at and setting it again does not fire it twice.
const completionAnnounced = "completion_announced"

// addCompletionAnnounced adds the hidden flag and sets it on enrollments completed before it
// existed: their course.completed has fired already.
func addCompletionAnnounced(app core.App) error {
	c, err := findCollection(app, "enrollments")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.BoolField{Name: completionAnnounced, Hidden: true,
		Help: "Set when course.completed has fired for this enrollment; it fires once per enrollment."})
	if err := saveCollection(app, c); err != nil {
		return err
	}
	_, err = app.DB().Update("enrollments", dbx.Params{completionAnnounced: true},
		dbx.NewExp("[[completed_at]] != ''")).Execute()
	return err
}

func dropCompletionAnnounced(app core.App) error {
	c, err := findCollection(app, "enrollments")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName(completionAnnounced)
	return saveCollection(app, c)
}
