package requestlog

import (
	"context"
	"fmt"
	"sync"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/hooks/background"
)

// DefaultMaxBytes bounds auxiliary.db: 128 MiB, about 450,000 rows of ordinary requests.
const DefaultMaxBytes = 128 << 20

// minMaxBytes is the smallest bound accepted: below it the oldest rows would go almost as soon
// as they are written.
const minMaxBytes = 1 << 20

// Config is what the request log takes from outside.
type Config struct {
	// Reads is which successful reads get a row; the zero value logs none of them (main.go
	// passes DefaultReadPolicy() unless the owner says otherwise).
	Reads ReadPolicy
	// QueueSize is how many rows may wait for the writer; 0 means DefaultQueueSize.
	QueueSize int
	// MaxBytes bounds what auxiliary.db holds (pages in use); 0 means DefaultMaxBytes.
	MaxBytes int64
	// ClientErrorRows is how many error rows a client may add in a minute; 0 means
	// DefaultClientErrorRows.
	ClientErrorRows int
}

// Log is the request log of one app.
type Log struct {
	app   core.App
	cfg   Config
	q     *queue
	loop  background.Loop
	flush chan chan struct{}

	summaryMu sync.Mutex
	summary   Stats // the counts at the previous summary line
	size      sizeBound
	clients   *clientBudget
}

// New makes the request log of app; Bind puts it in place. It refuses a Config out of range.
func New(app core.App, cfg Config) (*Log, error) {
	switch {
	case cfg.QueueSize == 0:
		cfg.QueueSize = DefaultQueueSize
	case cfg.QueueSize < 0:
		return nil, fmt.Errorf("requestlog: QueueSize must be > 0 (0: DefaultQueueSize), not %d", cfg.QueueSize)
	}
	switch {
	case cfg.MaxBytes == 0:
		cfg.MaxBytes = DefaultMaxBytes
	case cfg.MaxBytes < minMaxBytes:
		return nil, fmt.Errorf("requestlog: MaxBytes must be at least %d (1 MiB), not %d", minMaxBytes, cfg.MaxBytes)
	}
	switch {
	case cfg.ClientErrorRows == 0:
		cfg.ClientErrorRows = DefaultClientErrorRows
	case cfg.ClientErrorRows < 0:
		return nil, fmt.Errorf("requestlog: ClientErrorRows must be > 0 (0: DefaultClientErrorRows), not %d", cfg.ClientErrorRows)
	}
	l := &Log{app: app, cfg: cfg, q: newQueue(cfg.QueueSize), flush: make(chan chan struct{}), clients: newClientBudget(cfg.ClientErrorRows)}
	l.size = sizeBound{app: app, max: cfg.MaxBytes}
	return l, nil
}

// SummaryJobID is the cron job of the once-a-minute summary line and size check.
const SummaryJobID = "ccaRequestLogSummary"

// Bind replaces PocketBase's activity logger with the Log's middleware (same id and priority),
// starts the writer when serving starts, stops it (writing what is queued) on terminate, and
// adds the once-a-minute summary.
func (l *Log) Bind() {
	l.app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		l.replaceActivityLogger(se.Router)
		l.loop.Start(l.write)
		return se.Next()
	})
	l.app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		l.loop.Stop()
		return e.Next()
	})
	l.app.Cron().MustAdd(SummaryJobID, "* * * * *", func() {
		l.LogSummary()
		if _, err := l.size.keep(); err != nil {
			l.app.Logger().Warn("request log: keeping auxiliary.db under its bound", "error", err)
		}
	})
}

// replaceActivityLogger puts the Log's middleware in the place of PocketBase's on the router.
// It swaps the handler in place: Unbind would also exclude the id from every group made so far
// (PocketBase's own API groups), and the new handler with it.
func (l *Log) replaceActivityLogger(r *router.Router[*core.RequestEvent]) {
	mine := l.Middleware()
	for i, m := range r.Middlewares {
		if m.Id == mine.Id {
			r.Middlewares[i] = mine
			return
		}
	}
	r.Bind(mine)
}

// Middleware is the request log's middleware, in PocketBase's activity logger's place.
func (l *Log) Middleware() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       apis.DefaultActivityLoggerMiddlewareId,
		Priority: apis.DefaultActivityLoggerMiddlewarePriority,
		Func:     l.handle,
	}
}

// Stats are the request log's counts since the process started.
func (l *Log) Stats() Stats {
	return Stats{
		Served:     l.q.served.Load(),
		Logged:     l.q.logged.Load(),
		SampledOut: l.q.sampledOut.Load(),
		Dropped:    l.q.dropped.Load(),
		Refused:    l.q.refused.Load(),
		Capped:     l.q.capped.Load(),
		Queued:     len(l.q.rows),
		Written:    l.q.written.Load(),
		Pruned:     l.size.pruned.Load(),
	}
}

// Flush waits until every row queued before the call is stored, or ctx is done (the writer
// runs while the app serves).
func (l *Log) Flush(ctx context.Context) error {
	done := make(chan struct{})
	select {
	case l.flush <- done:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// LogSummary ends the minute of the clients' counts (a row per client whose refusals or errors
// were not logged one by one), and logs one line with the requests served, and the rows
// logged, sampled out, dropped, refused and capped since the previous line; no line when no
// request was served since.
func (l *Log) LogSummary() {
	l.summaryMu.Lock()
	defer l.summaryMu.Unlock()
	for _, row := range l.clients.roll() {
		l.q.offer(row)
	}
	now := l.Stats()
	served := now.Served - l.summary.Served
	if served == 0 {
		return
	}
	l.app.Logger().Info("request log",
		"served", served,
		"logged", now.Logged-l.summary.Logged,
		"sampled_out", now.SampledOut-l.summary.SampledOut,
		"dropped", now.Dropped-l.summary.Dropped,
		"refused", now.Refused-l.summary.Refused,
		"capped", now.Capped-l.summary.Capped,
		"pruned", now.Pruned-l.summary.Pruned,
	)
	l.summary = now
}
