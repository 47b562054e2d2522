package requestlog

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
)

// DefaultQueueSize is how many rows may wait for the writer. A row of an ordinary request is
// about 1 KiB in memory, so a full queue holds about 4 MiB.
const DefaultQueueSize = 4096

// queue is the bounded hand-over from requests to the writer: offer never waits.
type queue struct {
	rows chan *core.Log

	served, logged, sampledOut, dropped, refused, capped, written atomic.Uint64
}

func newQueue(size int) *queue {
	return &queue{rows: make(chan *core.Log, size)}
}

// offer hands a row to the writer, or drops and counts it when the queue is full.
func (q *queue) offer(row *core.Log) {
	select {
	case q.rows <- row:
		q.logged.Add(1)
	default:
		q.dropped.Add(1)
	}
}

// Stats are the request log's counts since the process started.
type Stats struct {
	Served     uint64 // requests that passed the middleware
	Logged     uint64 // rows handed to the writer
	SampledOut uint64 // successful reads the read policy (or the route) left out
	Dropped    uint64 // rows dropped because the queue was full
	Refused    uint64 // 429s counted per client instead of a row each (clientBudget)
	Capped     uint64 // error rows past a client's cap for the minute, counted instead
	Queued     int    // rows waiting for the writer now
	Written    uint64 // rows the writer has stored
	Pruned     uint64 // rows deleted to keep auxiliary.db under its size bound
}
