package routes

import (
	"runtime"
	"sync/atomic"
)

// searchSemaphore is a counting semaphore that bounds the full-text searches running at once;
// the others wait their turn. A search that matches many records holds a SQLite connection for
// its whole match and count (about 6 MB of SQLite's memory each), and it is CPU-bound, so
// running more at once than the cores can take only adds memory: on issue 12's read benchmark
// (10,000 posts all matching `q`, 2 cores) 16 at once peaked the server at 123 MiB and
// answered 18 a second, 4 at once at 64 MiB and 22 a second (bench/README.md). Lists without
// `q`, and searches answered from the read cache, never wait.
type searchSemaphore struct {
	slots   chan struct{}
	waiting atomic.Int32 // searches waiting for a turn, for the tests
}

// searchesAtOnce is how many searches run at once: two a core, so that a core is never idle
// while one search waits for its rows.
func searchesAtOnce() int { return 2 * runtime.GOMAXPROCS(0) }

func newSearchSemaphore(n int) *searchSemaphore {
	return &searchSemaphore{slots: make(chan struct{}, n)}
}

// take waits for a turn and returns the function that gives it back.
func (t *searchSemaphore) take() (release func()) {
	select {
	case t.slots <- struct{}{}:
	default:
		t.waiting.Add(1)
		t.slots <- struct{}{}
		t.waiting.Add(-1)
	}
	return func() { <-t.slots }
}
