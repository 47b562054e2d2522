package content

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/hookorder"
	"github.com/creator-content-api/server/hooks/vocab"
)

// StateField is the read-only field that carries a record's state (vocab.State) in the
// owner's answers: v2 posts and projects, and PocketBase's records API, where the console
// reads posts, projects and pages.
const StateField = "state"

// StateOf is the state of rec, a record of a published collection (posts, projects, pages),
// at now: vocab.State of its draft flag, visibility (none for a page) and published_at.
func StateOf(rec *core.Record, now time.Time) string {
	return vocab.State(rec.GetBool(vocab.FieldDraft), rec.GetString(vocab.FieldVisibility),
		rec.GetDateTime(PublishedAtField).Time(), now)
}

// BindState adds StateField, at the injected clock's now, to every post, project and page
// PocketBase's records API and realtime messages answer with (the console's record lists), so
// the console shows the server's state instead of guessing it from the draft flag. Those
// collections are the owner's only (no API rules), so nobody else sees it there.
func BindState(app core.App, now func() time.Time) {
	app.OnRecordEnrich(publishedCollections...).Bind(&hook.Handler[*core.RecordEnrichEvent]{
		Id: hookorder.ContentState, Priority: hookorder.ContentStatePriority,
		Func: func(e *core.RecordEnrichEvent) error {
			e.Record.WithCustomData(true)
			e.Record.Set(StateField, StateOf(e.Record, now()))
			return e.Next()
		},
	})
}
