package webhooks

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/background"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/pb_migrations"
)

// maxIdle is the longest the dispatcher sleeps without looking at the database: a safety net
// for deliveries made due without a kick (another process, a raw SQL edit).
const maxIdle = time.Minute

// shutdownGrace is added to the attempt time-out when shutdown waits for attempts in flight.
const shutdownGrace = time.Second

// slowFraction sets when an attempt counts as slow: after 1/slowFraction of the attempt
// time-out (1 s of the default 10 s). A slow attempt gives its worker back and keeps only its
// subscription's share, so receivers that hang, however many, cannot hold every worker until
// they time out while others wait. Each worker then starts at most slowFraction attempts per
// time-out, which keeps the attempts in flight under Workers*(slowFraction+1).
const slowFraction = 10

// dispatcher pushes due deliveries. All its state that matters lives in the database (status,
// attempt, next_attempt_at), so it survives restarts and crashes: on start it picks up
// everything due, and a delivery is only advanced after an attempt, so an attempt cut off by a
// crash is made again, with the same delivery id. In memory it keeps only which deliveries are
// in flight, to bound the workers overall and per subscription.
type dispatcher struct {
	app       core.App
	now       func() time.Time
	workers   int
	perSub    int
	timeout   time.Duration
	slowAfter time.Duration   // real time, as the attempt time-out is
	clients   [2]*http.Client // [public only, private allowed]
	client    func(allowPrivate bool) *http.Client

	kickCh chan struct{}
	passMu sync.Mutex // one scan-and-claim at a time

	mu       sync.Mutex
	inflight map[string]*flight // by delivery id
	working  int                // attempts in flight holding a worker: those not yet slow
	bySub    map[string]int
	idle     chan struct{} // closed while nothing is in flight
	stopped  bool

	attemptCtx     context.Context
	cancelAttempts context.CancelFunc

	pause    storePause // no attempt starts while their results cannot be stored
	loop     background.Loop
	stopOnce sync.Once
}

func newDispatcher(app core.App, cfg Config) *dispatcher {
	d := &dispatcher{
		app:      app,
		now:      cfg.Now,
		workers:  cfg.Workers,
		perSub:   cfg.PerSubscription,
		timeout:  cfg.AttemptTimeout,
		client:   cfg.Client,
		kickCh:   make(chan struct{}, 1),
		inflight: map[string]*flight{},
		bySub:    map[string]int{},
		idle:     make(chan struct{}),
	}
	close(d.idle)
	if d.workers <= 0 {
		d.workers = DefaultWorkers
	}
	if d.perSub <= 0 {
		d.perSub = DefaultPerSubscription
	}
	if d.timeout <= 0 {
		d.timeout = wire.DefaultTimeout
	}
	d.slowAfter = d.timeout / slowFraction
	if d.client == nil {
		d.clients[0] = wire.NewClient(wire.ClientOptions{Timeout: d.timeout})
		d.clients[1] = wire.NewClient(wire.ClientOptions{AllowPrivate: true, Timeout: d.timeout})
		d.client = func(allowPrivate bool) *http.Client {
			if allowPrivate {
				return d.clients[1]
			}
			return d.clients[0]
		}
	}
	d.attemptCtx, d.cancelAttempts = context.WithCancel(context.Background())
	return d
}

// kick wakes the dispatcher without waiting: a committed delivery is attempted at once, not at
// the next tick.
func (d *dispatcher) kick() {
	select {
	case d.kickCh <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// start runs the dispatch loop until stop; only the first call does anything.
func (d *dispatcher) start() { d.loop.Start(d.dispatch) }

func (d *dispatcher) dispatch(ctx context.Context) {
	timer := time.NewTimer(0) // pick up everything due at start
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-d.kickCh:
		case <-timer.C:
		}
		d.pass(nil)
		timer.Reset(d.untilNextDue())
	}
}

// stop ends the loop, lets attempts in flight finish (each is bounded by the attempt time-out)
// and starts no more. An attempt still running after that is cancelled and left pending, to be
// made again after the restart.
func (d *dispatcher) stop() {
	d.stopOnce.Do(func() {
		d.mu.Lock()
		d.stopped = true
		d.mu.Unlock()
		d.loop.Stop()
		d.passMu.Lock() // a RunDue pass may still be claiming
		d.passMu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), d.timeout+shutdownGrace)
		defer cancel()
		if d.waitIdle(ctx) != nil {
			d.cancelAttempts()
			d.waitIdle(context.Background())
		}
		d.cancelAttempts()
	})
}

// runDue attempts every delivery due now, waits for them (and for any the loop started), and
// repeats until a pass finds nothing to start while nothing was in flight. It returns how many
// attempts it started itself.
func (d *dispatcher) runDue(ctx context.Context) (int, error) {
	tried := map[string]bool{}
	total := 0
	for {
		n, wasBusy := d.pass(tried)
		if err := d.waitIdle(ctx); err != nil {
			return total, err
		}
		total += n
		if n == 0 && !wasBusy {
			return total, nil
		}
	}
}

// due is a delivery the scan found.
type due struct {
	ID           string `db:"id"`
	Subscription string `db:"subscription"`
}

// pass claims due deliveries up to the free workers and starts their attempts, skipping those
// in flight, those of subscriptions at their cap and those in skip (which it adds to). It
// returns how many it started, and whether attempts were in flight when it looked: those may
// have held back due deliveries that a later pass can start.
func (d *dispatcher) pass(skip map[string]bool) (started int, wasBusy bool) {
	d.passMu.Lock()
	defer d.passMu.Unlock()
	for round := 0; ; round++ {
		free, busyIDs, busySubs := d.capacity()
		if round == 0 {
			wasBusy = len(busyIDs) > 0
		}
		if free <= 0 {
			return started, wasBusy
		}
		for id := range skip {
			busyIDs = append(busyIDs, id)
		}
		rows, err := d.scanDue(free, busyIDs, busySubs)
		if err != nil {
			d.app.Logger().Error("webhooks: scan due deliveries", "error", err)
			return started, wasBusy
		}
		claimed := 0
		for _, r := range rows {
			f, ok := d.claim(r)
			if !ok {
				continue
			}
			if skip != nil {
				skip[r.ID] = true
			}
			claimed++
			go d.run(r, f)
		}
		started += claimed
		if claimed == 0 {
			return started, wasBusy
		}
	}
}

// capacity returns the free workers and what the next scan must leave out.
func (d *dispatcher) capacity() (free int, busyIDs, busySubs []string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopped || d.pause.left(d.now()) > 0 {
		return 0, nil, nil
	}
	for id := range d.inflight {
		busyIDs = append(busyIDs, id)
	}
	for sub, n := range d.bySub {
		if n >= d.perSub {
			busySubs = append(busySubs, sub)
		}
	}
	return d.workers - d.working, busyIDs, busySubs
}

// scanDue lists up to limit pending deliveries of enabled subscriptions whose time has come,
// the most overdue first. It uses the (status, next_attempt_at) index.
func (d *dispatcher) scanDue(limit int, busyIDs, busySubs []string) ([]due, error) {
	if _, _, err := outboxCollections(d.app); err != nil {
		return nil, nil // not provisioned: nothing to deliver
	}
	now, err := types.ParseDateTime(d.now())
	if err != nil {
		return nil, err
	}
	q := d.app.DB().Select("d.id", "d.subscription").
		From(pb_migrations.WebhookDeliveries+" d").
		InnerJoin(pb_migrations.WebhookSubscriptions+" s", dbx.NewExp("[[s.id]] = [[d.subscription]]")).
		Where(dbx.NewExp("[[d.status]] = {:pending} AND [[d.next_attempt_at]] != '' AND [[d.next_attempt_at]] <= {:now} AND [[s.enabled]] = TRUE",
			dbx.Params{"pending": statusPending, "now": now.String()})).
		OrderBy("d.next_attempt_at", "d.id").
		Limit(int64(limit))
	if len(busyIDs) > 0 {
		q.AndWhere(dbx.NotIn("d.id", anys(busyIDs)...))
	}
	if len(busySubs) > 0 {
		q.AndWhere(dbx.NotIn("d.subscription", anys(busySubs)...))
	}
	var rows []due
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	return rows, nil
}

// untilNextDue is how long the loop may sleep: until the end of a store pause, else until the
// earliest future attempt, at most maxIdle. Due deliveries it could not start yet are started
// when a running attempt ends.
func (d *dispatcher) untilNextDue() time.Duration {
	if wait := d.pause.left(d.now()); wait > 0 {
		return wait
	}
	if _, _, err := outboxCollections(d.app); err != nil {
		return maxIdle
	}
	now := d.now()
	at, err := types.ParseDateTime(now)
	if err != nil {
		return maxIdle
	}
	var next sql.NullString // NULL when nothing is scheduled
	err = d.app.DB().Select("MIN([[next_attempt_at]])").From(pb_migrations.WebhookDeliveries).
		Where(dbx.NewExp("[[status]] = {:pending} AND [[next_attempt_at]] > {:now}",
			dbx.Params{"pending": statusPending, "now": at.String()})).
		Row(&next)
	if err != nil {
		d.app.Logger().Error("webhooks: find the next attempt", "error", err)
		return maxIdle
	}
	if !next.Valid {
		return maxIdle
	}
	t, err := types.ParseDateTime(next.String)
	if err != nil {
		return maxIdle
	}
	return min(max(t.Time().Sub(now), 0), maxIdle)
}

// flight is an attempt in flight; its identity tells a late slow-timer from a newer attempt
// of the same delivery.
type flight struct {
	slow bool // it has given its worker back
}

// claim marks r in flight if a worker and its subscription's share are free.
func (d *dispatcher) claim(r due) (*flight, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopped || d.working >= d.workers || d.bySub[r.Subscription] >= d.perSub {
		return nil, false
	}
	if _, ok := d.inflight[r.ID]; ok {
		return nil, false
	}
	if len(d.inflight) == 0 {
		d.idle = make(chan struct{})
	}
	f := &flight{}
	d.inflight[r.ID] = f
	d.working++
	d.bySub[r.Subscription]++
	return f, true
}

// slow gives the worker of an attempt that is taking long back to the pool, and wakes the
// loop to use it.
func (d *dispatcher) slow(id string, f *flight) {
	d.mu.Lock()
	if d.inflight[id] != f || f.slow {
		d.mu.Unlock()
		return // already over
	}
	f.slow = true
	d.working--
	d.mu.Unlock()
	d.kick()
}

func (d *dispatcher) release(r due, f *flight) {
	d.mu.Lock()
	if !f.slow {
		d.working--
	}
	delete(d.inflight, r.ID)
	if d.bySub[r.Subscription]--; d.bySub[r.Subscription] <= 0 {
		delete(d.bySub, r.Subscription)
	}
	if len(d.inflight) == 0 {
		close(d.idle)
	}
	d.mu.Unlock()
	d.kick() // a worker is free: look for more
}

// run makes one attempt of r on a worker; a panic is logged, not fatal. If the attempt takes
// longer than slowAfter, it gives its worker back and goes on without one.
func (d *dispatcher) run(r due, f *flight) {
	defer d.release(r, f)
	timer := time.AfterFunc(d.slowAfter, func() { d.slow(r.ID, f) })
	defer timer.Stop()
	defer func() {
		if p := recover(); p != nil {
			d.app.Logger().Error("webhooks: delivery attempt panicked", "delivery", r.ID, "panic", p)
		}
	}()
	d.attempt(d.attemptCtx, r.ID)
}

// waitIdle waits until no attempt is in flight.
func (d *dispatcher) waitIdle(ctx context.Context) error {
	d.mu.Lock()
	idle := d.idle
	d.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
