package requestlog

import (
	"context"
	"log"

	"github.com/pocketbase/pocketbase/core"
)

// maxBatch is the most rows stored in one transaction of auxiliary.db.
const maxBatch = 500

// checkEvery is how many rows the writer stores between two checks of auxiliary.db's size.
const checkEvery = 5000

// write is the writer's loop: it stores whatever the queue holds, up to maxBatch rows a
// transaction, with no timer (a row waits only for the transaction before it). On stop it
// stores what is left.
func (l *Log) write(ctx context.Context) {
	batch := make([]*core.Log, 0, maxBatch)
	sinceCheck := 0
	for {
		var flushed chan struct{}
		select {
		case <-ctx.Done():
			for {
				batch = l.take(batch[:0])
				if len(batch) == 0 {
					return
				}
				l.store(batch)
			}
		case flushed = <-l.flush:
		case row := <-l.q.rows:
			batch = append(batch[:0], row)
		}
		for {
			batch = l.take(batch)
			if len(batch) == 0 {
				break
			}
			l.store(batch)
			sinceCheck += len(batch)
			batch = batch[:0]
			if flushed == nil {
				break // a flush drains the queue; a row stores what was there
			}
		}
		if sinceCheck >= checkEvery {
			sinceCheck = 0
			if _, err := l.size.keep(); err != nil {
				l.app.Logger().Warn("request log: keeping auxiliary.db under its bound", "error", err)
			}
		}
		if flushed != nil {
			close(flushed)
		}
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
