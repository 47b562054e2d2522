package apikey

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ChangeCheckInterval is how often, at most, the store asks SQLite whether another connection
// changed data.db: a change made by another process (a `keys` command at a terminal, a second
// server on the same data directory) is in force within this interval, well inside a second.
const ChangeCheckInterval = 250 * time.Millisecond

// changeWatch notices commits made to data.db by other connections, in this process or
// another, through SQLite's PRAGMA data_version. The value is per connection (it moves when
// any connection but the one asking commits), so the watch keeps one connection of the read
// pool to itself. Changes through this process's record hooks are seen at once by those
// hooks; the watch is for the writers that bypass them.
type changeWatch struct {
	app   core.App
	every time.Duration

	due atomic.Int64 // unix nanoseconds before which no look is needed

	mu      sync.Mutex // guards conn and version, and keeps to one look at a time
	conn    *sql.Conn
	version int64
}

func newChangeWatch(app core.App, every time.Duration) *changeWatch {
	return &changeWatch{app: app, every: every}
}

// poll calls onChange when data.db may have changed since the previous look, looking at most
// once per interval: between looks it costs an atomic load. A look that fails counts as a
// change, so a broken watch costs cache hits, never stale keys.
func (w *changeWatch) poll(now time.Time, onChange func()) {
	if now.UnixNano() < w.due.Load() || !w.mu.TryLock() {
		return // not yet, or another caller is looking right now
	}
	defer w.mu.Unlock()
	if now.UnixNano() < w.due.Load() {
		return // the caller that held the lock has just looked
	}
	w.due.Store(now.Add(w.every).UnixNano())
	changed, err := w.look()
	if err != nil {
		w.app.Logger().Warn("watching data.db for API key changes by other processes", "error", err)
	}
	if changed {
		onChange()
	}
}

// look reads data_version on the watch's own connection. A connection taken afresh has no
// earlier value to compare with, so it reports a change.
func (w *changeWatch) look() (bool, error) {
	fresh := w.conn == nil
	if fresh {
		conn, err := w.connect()
		if err != nil {
			return true, err
		}
		w.conn = conn
	}
	var version int64
	if err := w.conn.QueryRowContext(context.Background(), "PRAGMA data_version").Scan(&version); err != nil {
		w.closeLocked()
		return true, err
	}
	changed := fresh || version != w.version
	w.version = version
	return changed, nil
}

// connect takes one connection out of the app's read pool for good (until close). The
// write pool holds a single connection that every write queues for, so it is not used.
func (w *changeWatch) connect() (*sql.Conn, error) {
	db, ok := w.app.ConcurrentDB().(*dbx.DB)
	if !ok {
		return nil, errors.New("data.db is not open")
	}
	return db.DB().Conn(context.Background())
}

// close gives the connection back, before the app closes its pools; the next look takes a
// new one.
func (w *changeWatch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closeLocked()
}

func (w *changeWatch) closeLocked() {
	if w.conn != nil {
		w.conn.Close() // fails only on a connection already given back
		w.conn = nil
	}
}
