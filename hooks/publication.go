package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/pb_migrations"
)

// publishedCollections are the collections with draft and published_at: a record there is
// published when it is not a draft and published_at is empty or has come, scheduled when it is
// not a draft and published_at is still ahead.
var publishedCollections = []string{pb_migrations.Posts, pb_migrations.Projects, pb_migrations.Pages}

const (
	publishedAtField = "published_at"
	// publishAnnounced is the hidden flag that content.published has fired for the record's
	// current publication.
	publishAnnounced = "publish_announced"
)

// publicationHookPriority runs the publication handler before the outbox, which reads the flag.
const publicationHookPriority = -90

// bindPublication stamps every save of a published collection, whoever the writer: a record
// saved as not a draft without published_at is published at the save time (the injected
// clock), and publish_announced says whether the record is published at that save. The outbox
// fires content.published on an update that leaves the record published; a record saved as
// scheduled keeps the flag unset, and the publish job (scheduled_publish.go) announces it
// when its time comes.
func bindPublication(app core.App, now func() time.Time) {
	handler := &hook.Handler[*core.RecordEvent]{Id: "cca.publication", Priority: publicationHookPriority,
		Func: func(e *core.RecordEvent) error {
			markPublication(e.Record, now())
			return e.Next()
		}}
	app.OnRecordCreateExecute(publishedCollections...).Bind(handler)
	app.OnRecordUpdateExecute(publishedCollections...).Bind(handler)
}

// markPublication fills published_at of a record going live without one, and sets the flag to
// whether rec is published at now, whatever a writer sent for it.
func markPublication(rec *core.Record, now time.Time) {
	if !rec.GetBool("draft") && rec.GetDateTime(publishedAtField).IsZero() {
		rec.Set(publishedAtField, now) // the date field normalises it to UTC, ms
	}
	rec.Set(publishAnnounced, isPublished(rec, now))
}

// isPublished reports whether rec is live at now.
func isPublished(rec *core.Record, now time.Time) bool {
	return !rec.GetBool("draft") && !rec.GetDateTime(publishedAtField).Time().After(now)
}
