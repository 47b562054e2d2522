package hooks

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// publishTick is how often the publish job looks for scheduled records whose time has come:
// content.published fires within this of published_at.
const publishTick = time.Second

// publisher is the publish job: it announces, with one content.published each, the records
// that are published (not drafts, published_at come) and not yet announced. Its state is the
// records' publish_announced flag, so a time that passed while the server was down is caught
// up at start.
type publisher struct {
	app   core.App
	now   func() time.Time
	write func(txApp core.App, events []event) error // the outbox's

	passMu sync.Mutex // one pass at a time: the loop's and PublishDue's
	loop   backgroundLoop
}

func newPublisher(app core.App, now func() time.Time, o *outbox) *publisher {
	return &publisher{app: app, now: now, write: o.write}
}

// start catches up at once, then looks every publishTick until stop (the loop starts once).
func (p *publisher) start() {
	p.logPass()
	p.loop.start(p.tick)
}

func (p *publisher) tick(ctx context.Context) {
	ticker := time.NewTicker(publishTick)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			p.logPass()
		}
	}
}

// stop ends the loop and waits for a pass in progress.
func (p *publisher) stop() { p.loop.stop() }

func (p *publisher) logPass() {
	if _, err := p.runDue(); err != nil {
		p.app.Logger().Error("publish job", "error", err)
	}
}

// runDue announces every record due by the injected clock and returns how many it announced.
func (p *publisher) runDue() (int, error) {
	p.passMu.Lock()
	defer p.passMu.Unlock()
	now, err := types.ParseDateTime(p.now())
	if err != nil {
		return 0, fmt.Errorf("publish job: clock: %w", err)
	}
	n := 0
	for _, col := range publishedCollections {
		// Spelled as the WHERE of idx_<collection>_publish_due, so SQLite reads that index.
		var ids []string
		err := p.app.DB().Select("id").From(col).
			Where(dbx.NewExp("draft = 0 AND publish_announced = 0")).
			AndWhere(dbx.NewExp("published_at <= {:now}", dbx.Params{"now": now.String()})).
			OrderBy("published_at", "id").Column(&ids)
		if err != nil {
			return n, fmt.Errorf("publish job: find due %s: %w", col, err)
		}
		for _, id := range ids {
			announced, err := p.announce(col, id, now)
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

// announce sets the record's flag and writes its content.published event in one transaction.
// The flag is set with a plain UPDATE, not a record save, so that no record hook runs and the
// outbox writes no content.updated. The UPDATE repeats the due condition: a save that made the
// record a draft or scheduled it again since the look-up leaves it alone.
func (p *publisher) announce(col, id string, now types.DateTime) (bool, error) {
	announced := false
	err := p.app.RunInTransaction(func(txApp core.App) error {
		res, err := txApp.DB().Update(col, dbx.Params{publishAnnounced: true}, dbx.And(
			dbx.HashExp{"id": id},
			dbx.NewExp("draft = 0 AND publish_announced = 0 AND published_at <= {:now}", dbx.Params{"now": now.String()}),
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
		return p.write(txApp, []event{{EventContentPublished, contentData(rec)}})
	})
	if err != nil {
		return false, fmt.Errorf("publish job: announce %s %s: %w", col, id, err)
	}
	return announced, nil
}

// PublishDue announces, as the publish job does every second, each scheduled post, project
// and page whose published_at has come by the injected clock, with one content.published
// each, and returns how many it announced. Tests drive the job with it instead of waiting.
func (w *Webhooks) PublishDue() (int, error) { return w.p.runDue() }
