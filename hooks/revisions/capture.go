package revisions

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/rowid"
	"github.com/creator-content-api/server/hooks/vocab"
)

// capture writes a revision in the transaction of every update and delete of a content record.
type capture struct {
	cfg    Config
	actors *requestActors
}

// bind hooks the capture into the Execute step of updates and deletes, where every writer
// passes; like the webhook outbox, the handler opens or joins the transaction, so the revision
// and the change commit together or not at all.
func (c *capture) bind(app core.App) {
	app.OnRecordUpdateExecute(contentCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.RevisionsCapture, Priority: hookorder.RevisionsCapturePriority, Func: c.handler(ActionUpdate)})
	app.OnRecordDeleteExecute(contentCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.RevisionsCapture, Priority: hookorder.RevisionsCapturePriority, Func: c.handler(ActionDelete)})
}

func (c *capture) handler(action string) func(e *core.RecordEvent) error {
	return func(e *core.RecordEvent) error {
		orig := e.App
		defer func() { e.App = orig }() // After*Success handlers must not see the finished tx app
		return orig.RunInTransaction(func(txApp core.App) error {
			e.App = txApp
			if err := c.keep(txApp, e, action); err != nil {
				return err
			}
			return e.Next()
		})
	}
}

// keep writes the revision of the change e is about to make: the record as stored before it.
// An update that changes no field keeps nothing.
func (c *capture) keep(txApp core.App, e *core.RecordEvent, action string) error {
	col, err := txApp.FindCachedCollectionByNameOrId(vocab.ContentRevisions)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // a data directory not yet migrated keeps no history
	}
	if err != nil {
		return err
	}
	prior, err := txApp.FindRecordById(e.Record.Collection(), e.Record.Id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("revisions: load %s %s before the change: %w", e.Record.Collection().Name, e.Record.Id, err)
	}
	if action == ActionUpdate && !changed(prior, e.Record) {
		return nil
	}
	if restoring(e.Context) {
		action = ActionRestore
	}
	rev := core.NewRecord(col)
	rev.Id = rowid.New(c.cfg.Now()) // the files' directory is named before the save; ids in time order (package rowid)
	actor := c.actors.of(e.Context, e.Record)
	rev.Set(fieldCollection, prior.Collection().Name)
	rev.Set(fieldRecord, prior.Id)
	rev.Set(fieldAction, action)
	rev.Set(fieldActorType, actor.Type)
	rev.Set(fieldActor, actor.Name)
	rev.Set(fieldData, recordData(prior))
	kept, err := keepFiles(txApp, prior, e.Record, action == ActionDelete, rev)
	if err != nil {
		return err
	}
	rev.Set(fieldFiles, kept)
	at, err := types.ParseDateTime(c.cfg.Now())
	if err != nil {
		return err
	}
	rev.SetRaw("created", at)
	rev.SetRaw("updated", at)
	// The values are ours; the data of a long post may pass any size a validation would set.
	if err := txApp.SaveNoValidate(rev); err != nil {
		return fmt.Errorf("revisions: write the revision of %s %s: %w", prior.Collection().Name, prior.Id, err)
	}
	return nil
}

// recordData is every field value of rec but its id, as stored.
func recordData(rec *core.Record) map[string]any {
	data := rec.FieldsData()
	delete(data, "id")
	return data
}

// changed reports whether any field but the automatic dates differs between the stored record
// and the one about to be saved.
func changed(prior, next *core.Record) bool {
	for _, f := range next.Collection().Fields {
		if _, auto := f.(*core.AutodateField); auto {
			continue
		}
		a, errA := json.Marshal(prior.GetRaw(f.GetName()))
		b, errB := json.Marshal(next.GetRaw(f.GetName()))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			return true
		}
	}
	return false
}
