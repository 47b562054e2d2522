package sender

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// maxBatch bounds the results recorded in one transaction, and so how long a content write may
// wait for the writer connection behind the dispatcher's bookkeeping (about 10 ms). It is
// large because the recorder is one of many waiting for that connection while content is
// written, each write fanning out to every subscription, and it must keep near their pace.
const maxBatch = 256

// dueAgain says when deliveries whose attempts were settled may be due again.
type dueAgain int

const (
	notAgain dueAgain = iota // delivered, failed for good, or left to a switch-off
	dueLater                 // a retry is scheduled
	dueNow                   // the result was not recorded: due as it was
)

// finished is an attempt whose result is to be recorded.
type finished struct {
	id   string // the delivery's
	res  wire.Result
	sent http.Header // the request headers sent; nil when none was built
	at   time.Time   // when the attempt ended, by the injected clock
}

// recorder writes the results of attempts to the database, many in one transaction: SQLite
// has one writer connection, which content writes need too, and a transaction a result made
// attempts wait for it in turn (issue 12: 5.8 ms of every 10.4 ms an attempt held its worker).
// It is a group commit without a timer: the attempt that hands in a result while no batch is
// being written writes it at once, and then, batch after batch, whatever was handed in
// meanwhile, until nothing is left; the others just queue theirs. At rest a result is written
// as soon as it comes; under load the batches grow by themselves.
//
// A result is kept only in memory until its batch commits; its delivery stays in flight (no
// scan claims it again) until then, and settled is called. A crash before the commit leaves the
// delivery due, to be attempted again with the same delivery id: at least once, as always.
type recorder struct {
	// record writes a batch in one transaction; retries says it scheduled a retry.
	record func(batch []finished) (retries bool, err error)
	// failed reports a result that could not be recorded.
	failed func(id string, err error)
	// settled is called after each batch, written or not.
	settled func(ids []string, again dueAgain)
	// stored is told, after each batch, whether its results were stored (err nil): results
	// that cannot be stored (a full disk) hold every attempt back (storePause).
	stored func(err error)

	mu      sync.Mutex
	queue   []finished
	writing bool
}

// newRecorder returns the recorder of app's dispatcher.
func newRecorder(app core.App, settled func(ids []string, again dueAgain), stored func(err error)) *recorder {
	return &recorder{
		record: func(batch []finished) (retries bool, err error) {
			err = app.RunInTransaction(func(txApp core.App) error {
				retries, err = recordResults(txApp, batch)
				return err
			})
			return retries, err
		},
		failed: func(id string, err error) {
			app.Logger().Error("webhooks: record delivery attempt", "delivery", id, "error", err)
		},
		settled: settled,
		stored:  stored,
	}
}

// add hands in a result, and writes the queue if no one is writing it.
func (r *recorder) add(f finished) {
	r.mu.Lock()
	r.queue = append(r.queue, f)
	if r.writing {
		r.mu.Unlock()
		return
	}
	r.writing = true
	for len(r.queue) > 0 {
		n := min(len(r.queue), maxBatch)
		batch := r.queue[:n:n]
		r.queue = r.queue[n:]
		r.mu.Unlock()
		r.write(batch)
		r.mu.Lock()
	}
	r.queue = nil
	r.writing = false
	r.mu.Unlock()
}

// write records a batch in one transaction. If that fails, it records each result in a
// transaction of its own, so that one result that cannot be written does not hold back the
// others. A result not written leaves its delivery due as it was: attempted again.
func (r *recorder) write(batch []finished) {
	ids := make([]string, len(batch))
	for i, f := range batch {
		ids[i] = f.id
	}
	retries, err := r.recordSafely(batch)
	switch {
	case err != nil && len(batch) > 1:
		retries, err = r.writeEach(batch)
	case err != nil:
		r.failed(batch[0].id, err)
	}
	r.stored(err)
	switch {
	case err != nil:
		r.settled(ids, dueNow)
	case retries:
		r.settled(ids, dueLater)
	default:
		r.settled(ids, notAgain)
	}
}

// writeEach records each result of batch in a transaction of its own; err is the last failure.
func (r *recorder) writeEach(batch []finished) (retries bool, err error) {
	for _, f := range batch {
		retry, oneErr := r.recordSafely([]finished{f})
		if oneErr != nil {
			r.failed(f.id, oneErr)
			err = oneErr
		}
		retries = retries || retry
	}
	return retries, err
}

// recordSafely is record, with a panic turned into an error: the batch must be settled.
func (r *recorder) recordSafely(batch []finished) (retries bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return r.record(batch)
}
