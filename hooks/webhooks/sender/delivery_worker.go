package sender

import (
	"net/http"
	"time"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// run makes one attempt of j on a worker and hands its result to the recorder. The worker is
// free as soon as the attempt ends: recording waits for the writer connection, not the
// receiver. If the attempt takes longer than slowAfter, it gives its worker back and goes on
// without one.
func (d *Dispatcher) run(j job, f *flight, allowPrivate bool) {
	res, sent, ok := d.attemptOnWorker(j, f, allowPrivate)
	at := d.now()
	d.attemptOver(j, f)
	if !ok {
		d.settle([]string{j.ID}, dueNow)
		return
	}
	d.results.add(finished{id: j.ID, res: res, sent: sent, at: at})
}

// attemptOnWorker makes the attempt. ok is false when there is nothing to record: the attempt
// panicked (logged, not fatal), or shutdown cut it short, which is not the receiver's failure;
// either way the delivery stays due, to be made again (after the restart).
func (d *Dispatcher) attemptOnWorker(j job, f *flight, allowPrivate bool) (res wire.Result, sent http.Header, ok bool) {
	timer := time.AfterFunc(d.slowAfter, func() { d.slow(j.ID, f) })
	defer timer.Stop()
	defer func() {
		if p := recover(); p != nil {
			d.app.Logger().Error("webhooks: delivery attempt panicked", "delivery", j.ID, "panic", p)
			ok = false
		}
	}()
	res, sent = d.attempt(d.attemptCtx, j, allowPrivate)
	ok = d.attemptCtx.Err() == nil || res.Outcome == wire.Delivered
	if ok && d.attempted != nil {
		d.attempted(res.Outcome.String(), res.Duration)
	}
	return res, sent, ok
}

// slow gives the worker of an attempt that is taking long back to the pool, and wakes the
// loop to use it.
func (d *Dispatcher) slow(id string, f *flight) {
	if d.st.slow(id, f) {
		d.kick()
	}
}

// attemptOver frees the worker and the subscription's share of an attempt that has ended, and
// wakes the loop to use them.
func (d *Dispatcher) attemptOver(j job, f *flight) {
	d.st.attemptOver(j, f)
	d.kick()
}

// settle takes deliveries out of flight once their results are recorded (or are not to be),
// and wakes the loop: some may be due again.
func (d *Dispatcher) settle(ids []string, again dueAgain) {
	d.st.settle(ids, again)
	d.kick()
}
