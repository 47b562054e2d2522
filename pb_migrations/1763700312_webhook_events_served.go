package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addEventServed, dropEventServed)
}

// addEventServed adds whether the v1 API served a content event's record when the event fired
// (published, public, its time come): browser keys poll only those. Events stored before have
// it false, so a browser key does not see them (they are pruned within 7 days).
func addEventServed(app core.App) error {
	c, err := findCollection(app, "webhook_events")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.BoolField{Name: "served", Hidden: true,
		Help: "The v1 API served the content event's record when the event fired; browser keys see only those."})
	return saveCollection(app, c)
}

func dropEventServed(app core.App) error {
	c, err := findCollection(app, "webhook_events")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("served")
	return saveCollection(app, c)
}
