package content

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/background"
	"github.com/creator-content-api/server/hooks/vocab"
)

// publishTick is how often the publish job looks for scheduled records whose time has come:
// content.published fires within this of published_at.
const publishTick = time.Second

// publishJobID identifies the job's serve and terminate handlers.
const publishJobID = "ccaContentPublish"

// Announce writes the announcement of a record whose time has come (the webhook outbox's
// content.published) with txApp, the transaction that sets the record's flag.
type Announce func(txApp core.App, rec *core.Record) error

// PublishJob is the publish job: it announces, with one Announce each, the records that are
// published (not drafts, published_at come) and not yet announced. Its state is the records'
// publish_announced flag, so a time that passed while the server was down is caught up at
// start.
type PublishJob struct {
	app      core.App
	now      func() time.Time
	announce Announce
	marked   func()

	passMu sync.Mutex // one pass at a time: the loop's and RunDue's
	loop   background.Loop
}

// BindPublishJob runs the publish job while app serves: it catches up at the start, then
// looks every publishTick until the app terminates. now is the clock published_at is
// compared with; marked is called after a pass that committed at least one announcement
// (the flag is set with a plain UPDATE, which no model hook sees, so a cache of what readers
// see learns of it there).
func BindPublishJob(app core.App, now func() time.Time, announce Announce, marked func()) *PublishJob {
	j := &PublishJob{app: app, now: now, announce: announce, marked: marked}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: publishJobID,
		Func: func(se *core.ServeEvent) error {
			j.logPass()
			j.loop.Start(j.tick)
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: publishJobID,
		Func: func(te *core.TerminateEvent) error {
			j.loop.Stop()
			return te.Next()
		},
	})
	return j
}

func (j *PublishJob) tick(ctx context.Context) {
	ticker := time.NewTicker(publishTick)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			j.logPass()
		}
	}
}

func (j *PublishJob) logPass() {
	if _, err := j.RunDue(); err != nil {
		j.app.Logger().Error("publish job", "error", err)
	}
}

// RunDue announces, as the job does every second, each scheduled post, project and page whose
// published_at has come by the injected clock, and returns how many it announced. Tests drive
// the job with it instead of waiting.
func (j *PublishJob) RunDue() (n int, err error) {
	j.passMu.Lock()
	defer j.passMu.Unlock()
	defer func() {
		if n > 0 { // also when a later announcement failed: the earlier ones are committed
			j.marked()
		}
	}()
	now, err := types.ParseDateTime(j.now())
	if err != nil {
		return 0, fmt.Errorf("publish job: clock: %w", err)
	}
	for _, col := range publishedCollections {
		var ids []string
		err := j.app.DB().Select("id").From(col).Where(dueExp(now)).
			OrderBy("published_at", "id").Column(&ids)
		if err != nil {
			return n, fmt.Errorf("publish job: find due %s: %w", col, err)
		}
		for _, id := range ids {
			announced, err := j.announceOne(col, id, now)
			if err != nil {
				return n, err
			}
			if announced {
				n++
			}
		}
	}
	return n, nil
}

// dueSQL is the condition of a record due for its announcement: published (vocab.PublishedSQL)
// and not yet announced. Its terms hold those of idx_<collection>_publish_due's WHERE
// ("draft = 0 AND publish_announced = 0"), so SQLite reads that index.
const dueSQL = vocab.PublishedSQL + " AND " + publishAnnounced + " = 0"

// dueExp is dueSQL at now.
func dueExp(now types.DateTime) dbx.Expression {
	return dbx.NewExp(dueSQL, dbx.Params{"now": now.String()})
}

// announceOne sets the record's flag and announces it in one transaction. The flag is set
// with a plain UPDATE, not a record save, so that no record hook runs and the outbox writes no
// content.updated. The UPDATE repeats the due condition: a save that made the record a draft
// or scheduled it again since the look-up leaves it alone.
func (j *PublishJob) announceOne(col, id string, now types.DateTime) (bool, error) {
	announced := false
	err := j.app.RunInTransaction(func(txApp core.App) error {
		res, err := txApp.DB().Update(col, dbx.Params{publishAnnounced: true}, dbx.And(
			dbx.HashExp{"id": id},
			dueExp(now),
		)).Execute()
		if err != nil {
			return err
		}
		if rows, err := res.RowsAffected(); err != nil || rows == 0 {
			return err
		}
		rec, err := txApp.FindRecordById(col, id)
		if err != nil {
			return err
		}
		announced = true
		return j.announce(txApp, rec)
	})
	if err != nil {
		return false, fmt.Errorf("publish job: announce %s %s: %w", col, id, err)
	}
	return announced, nil
}
