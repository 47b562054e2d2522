package content

import (
	"slices"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/content/fulltext"
	"github.com/creator-content-api/server/hooks/vocab"
)

// searchedCollections are the collections in the full-text index, whose lists take `q`.
var searchedCollections = []string{vocab.Posts, vocab.Projects, vocab.Courses, vocab.Talks}

// Searched reports whether collection is in the full-text index, so its lists take `q`.
func Searched(collection string) bool { return slices.Contains(searchedCollections, collection) }

// BindSearchIndex keeps the full-text index in step with every create, update and delete of
// the searched collections, whoever writes (our API, the dashboard, /api/batch, Go code). As
// the outbox does, each handler opens or joins the write's transaction in its Execute step, so
// the record and its index row commit together or not at all.
func BindSearchIndex(app core.App) {
	app.OnRecordCreateExecute(searchedCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.ContentSearchIndex, Priority: hookorder.ContentSearchIndexPriority, Func: indexInTx(func(tx core.App, rec *core.Record, _ string) error {
			return fulltext.Put(tx, rec)
		})})
	app.OnRecordUpdateExecute(searchedCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.ContentSearchIndex, Priority: hookorder.ContentSearchIndexPriority, Func: indexInTx(func(tx core.App, rec *core.Record, savedID string) error {
			if savedID != rec.Id { // Go code may change a record's id
				if err := fulltext.Remove(tx, rec.Collection().Name, savedID); err != nil {
					return err
				}
			}
			return fulltext.Put(tx, rec)
		})})
	app.OnRecordDeleteExecute(searchedCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.ContentSearchIndex, Priority: hookorder.ContentSearchIndexPriority, Func: indexInTx(func(tx core.App, rec *core.Record, _ string) error {
			return fulltext.Remove(tx, rec.Collection().Name, rec.Id)
		})})
}

// indexInTx runs the write, then write(tx, record, its id before the write) in the same
// transaction.
func indexInTx(write func(tx core.App, rec *core.Record, savedID string) error) func(*core.RecordEvent) error {
	return func(e *core.RecordEvent) error {
		orig := e.App
		defer func() { e.App = orig }()               // After*Success handlers must not see the finished tx app
		savedID, _ := e.Record.LastSavedPK().(string) // "" before the first save
		return orig.RunInTransaction(func(txApp core.App) error {
			e.App = txApp
			if err := e.Next(); err != nil {
				return err
			}
			return write(txApp, e.Record, savedID)
		})
	}
}
