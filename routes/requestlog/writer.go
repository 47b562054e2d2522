package requestlog

import (
	"context"
	"log"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// maxBatch is the most rows stored in one transaction of auxiliary.db.
const maxBatch = 500

// gatherFor is how long the writer waits for more rows after the first of a batch: a
// transaction costs about 200 µs of CPU whatever its size, so at 100 rows a second, one a
// transaction would cost 2% of a core, and a row may well wait a fifth of a second.
const gatherFor = 200 * time.Millisecond

// checkEvery is how many rows the writer stores between two checks of auxiliary.db's size.
const checkEvery = 5000

// write is the writer's loop: it takes a row, gathers what follows for gatherFor (or until a
// batch is full), and stores the batch in one transaction. A flush, and the stop, store
// everything queued at once.
func (l *Log) write(ctx context.Context) {
	batch := make([]*core.Log, 0, maxBatch)
	timer := time.NewTimer(gatherFor)
	defer timer.Stop()
	sinceCheck := 0
	for {
		select {
		case <-ctx.Done():
			l.drain(batch[:0])
			return
		case done := <-l.flush:
			l.drain(batch[:0])
			close(done)
			continue
		case row := <-l.q.rows:
			batch = append(batch[:0], row)
		}
		timer.Reset(gatherFor)
	gather:
		for len(batch) < maxBatch {
			select {
			case row := <-l.q.rows:
				batch = append(batch, row)
			case <-timer.C:
				break gather
			case <-ctx.Done():
				break gather
			case done := <-l.flush:
				l.drain(batch)
				close(done)
				batch = batch[:0]
				break gather
			}
		}
		timer.Stop()
		if len(batch) > 0 {
			l.store(batch)
			sinceCheck += len(batch)
		}
		if sinceCheck >= checkEvery {
			sinceCheck = 0
			if _, err := l.size.keep(); err != nil {
				l.app.Logger().Warn("request log: keeping auxiliary.db under its bound", "error", err)
			}
		}
	}
}

// drain stores batch and everything the queue holds, a batch at a time.
func (l *Log) drain(batch []*core.Log) {
	for {
		batch = l.take(batch)
		if len(batch) == 0 {
			return
		}
		l.store(batch)
		batch = batch[:0]
	}
}

// take adds what the queue holds now, without waiting, until the batch is full.
func (l *Log) take(batch []*core.Log) []*core.Log {
	for len(batch) < maxBatch {
		select {
		case row := <-l.q.rows:
			batch = append(batch, row)
		default:
			return batch
		}
	}
	return batch
}

// store writes a batch in one transaction of auxiliary.db, each row through PocketBase's Log
// model (which truncates long messages and data as the dashboard expects). A row that fails is
// counted as dropped.
func (l *Log) store(batch []*core.Log) {
	stored := uint64(0)
	err := l.app.AuxRunInTransaction(func(tx core.App) error {
		for _, row := range batch {
			row.MarkAsNew()
			row.Id = core.GenerateDefaultRandomId()
			if err := tx.AuxSave(row); err != nil {
				log.Println("request log: storing a row:", err) // not to the log that failed
				continue
			}
			stored++
		}
		return nil
	})
	if err != nil {
		log.Println("request log: storing a batch:", err)
		stored = 0
	}
	l.q.written.Add(stored)
	l.q.dropped.Add(uint64(len(batch)) - stored)
}
