// Package sender owns the pushing of the deliveries the outbox writes: the dispatcher and its
// worker limits, what it keeps in memory meanwhile (senderState), the attempts (signed and
// sent by package wire), the recording of their results with the retry schedule, the
// attempts' history and stats, and the hold of the pushes of a subscription whose key could
// not register it now (paused_by_key.go). A delivery's way through these files is told once, in
// the doc of package webhooks' Bind.
//
// Hooks: the app's serve and terminate (id ccaWebhooksDispatcher) start and stop the
// dispatcher; saves of webhook_subscriptions (ccaWebhooksGateSubscriptions) and updates of
// api_keys (ccaWebhooksGateKeys) tell the key gate. No jobs: the dispatcher runs its own
// loop.
package sender

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/background"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// dispatcherHookID identifies the dispatcher's serve and terminate handlers.
const dispatcherHookID = "ccaWebhooksDispatcher"

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

// Dispatcher pushes due deliveries. All its state that matters lives in the database (status,
// attempt, next_attempt_at), so it survives restarts and crashes: on start it picks up
// everything due, and a delivery is only advanced after an attempt, so an attempt cut off by a
// crash, or whose result was not yet recorded, is made again, with the same delivery id.
//
// What it keeps in memory (which deliveries are in flight, the ready queue of deliveries known
// to be due, what the database must be asked) is its senderState, and every change to it is a
// method of that type (sender_state.go). The ready queue is fed by the outbox when a write
// commits (so a commit costs the dispatcher no scan) and by scans of the database, which it
// makes only when it has reason to (at start, when a retry falls due, after a redelivery or
// a key change, when the queue overflowed).
type Dispatcher struct {
	app       core.App
	now       func() time.Time
	timeout   time.Duration
	slowAfter time.Duration   // real time, as the attempt time-out is
	clients   [2]*http.Client // [public only, private allowed]
	client    func(allowPrivate bool) *http.Client
	results   *recorder
	attempted func(outcome string, took time.Duration) // nil: nobody is told
	st        *senderState

	kickCh chan struct{}
	passMu sync.Mutex // one pass at a time: claims are made by passes only

	attemptCtx     context.Context
	cancelAttempts context.CancelFunc

	gate     *keyGate // subscriptions whose key could not register them now: nothing pushed
	loop     background.Loop
	stopOnce sync.Once
}

// Bind returns the dispatcher of app, started when app serves and stopped when it
// terminates, and tells its key gate of the changes of subscriptions and keys (bindKeyGate).
// attempted, when not nil, is told of each attempt that ended: its outcome (delivered,
// failed, gone) and how long it took (the metrics); it must be quick.
func Bind(app core.App, cfg Config, attempted func(outcome string, took time.Duration)) *Dispatcher {
	d := newDispatcher(app, cfg, attempted)
	bindKeyGate(app, d)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: dispatcherHookID,
		Func: func(se *core.ServeEvent) error {
			d.start()
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: dispatcherHookID,
		Func: func(te *core.TerminateEvent) error {
			d.stop()
			return te.Next()
		},
	})
	return d
}

func newDispatcher(app core.App, cfg Config, attempted func(outcome string, took time.Duration)) *Dispatcher {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	workers, perSub := cfg.Workers, cfg.PerSubscription
	if workers <= 0 {
		workers = DefaultWorkers
	}
	if perSub <= 0 {
		perSub = DefaultPerSubscription
	}
	d := &Dispatcher{
		app:       app,
		now:       cfg.Now,
		attempted: attempted,
		timeout:   cfg.AttemptTimeout,
		client:    cfg.Client,
		st:        newSenderState(workers, perSub),
		kickCh:    make(chan struct{}, 1),
		gate:      &keyGate{app: app, now: cfg.Now, keyGen: cfg.KeyGeneration},
	}
	d.results = newRecorder(app, d.settle, func(err error) { d.st.stored(err, d.now()) })
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

// kick wakes the dispatcher without waiting, to start what it can.
func (d *Dispatcher) kick() {
	select {
	case d.kickCh <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Rescan wakes the dispatcher to look for due deliveries in the database: for changes made
// without the outbox (a redelivery, a recovery, a key change).
func (d *Dispatcher) Rescan() {
	d.st.lookAgain()
	d.kick()
}

// start runs the dispatch loop until stop; only the first call does anything.
func (d *Dispatcher) start() {
	d.st.serve()
	d.loop.Start(d.dispatch)
}

func (d *Dispatcher) dispatch(ctx context.Context) {
	timer := time.NewTimer(0) // pick up everything due at start
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-d.kickCh:
		case <-timer.C:
			d.st.lookAgain()
		}
		d.pass(nil)
		if d.st.takeTimerNeed() || d.gate.holding() {
			timer.Reset(d.untilNextDue())
		}
	}
}

// stop ends the loop, lets attempts in flight finish (each is bounded by the attempt time-out)
// and starts no more. An attempt still running after that is cancelled and left pending, to be
// made again after the restart.
func (d *Dispatcher) stop() {
	d.stopOnce.Do(func() {
		d.st.stop()
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

// RunDue attempts every delivery due by the injected clock, waits for them (and for any the
// loop started), and repeats until a pass finds nothing to start while nothing was in flight.
// It returns how many attempts it started itself. Tests drive the dispatcher with it instead
// of waiting.
func (d *Dispatcher) RunDue(ctx context.Context) (int, error) {
	tried := map[string]bool{}
	total := 0
	for {
		d.st.needRows() // the clock may have moved: look at the database
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

// waitIdle waits until no delivery is in flight.
func (d *Dispatcher) waitIdle(ctx context.Context) error {
	select {
	case <-d.st.idleSignal():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
