package sender

import (
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"

	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

// scanBatch is how many due deliveries one scan of the database hands to the ready queue.
const scanBatch = 256

// Offer queues deliveries that a commit made due and wakes the loop to start them: the
// outbox's hand-over, which spares a scan.
func (d *Dispatcher) Offer(written []outbox.Written) {
	hints := make([]hint, len(written))
	for i, w := range written {
		hints[i] = hint{id: w.ID, sub: w.Subscription}
	}
	if d.st.offer(hints) {
		d.kick()
	}
}

// pass starts due deliveries on the free workers: those of the ready queue first, then, when
// the queue has none that may start and the database may hold some, those a scan adds to it
// (a batch at a time). It skips deliveries in skip, and adds those it starts, and leaves the
// deliveries of subscriptions whose key could not register them now pending (paused_by_key.go),
// as the gate says at each batch: a pass may run long, and a key changed meanwhile holds the
// batches after the change. It returns how many it started, and whether deliveries were in
// flight when it looked: those may have held back due deliveries that a later pass can start.
func (d *Dispatcher) pass(skip map[string]bool) (started int, wasBusy bool) {
	d.passMu.Lock()
	defer d.passMu.Unlock()
	for round := 0; ; round++ {
		view, ok := d.lookGate()
		if !ok {
			return started, wasBusy
		}
		t := d.st.take(skip, d.now())
		if round == 0 {
			wasBusy = t.busy
		}
		switch {
		case len(t.hints) > 0:
			started += d.startDue(t.hints, skip)
		case t.scan:
			skipSubs := t.fullSubs
			for id := range view.paused {
				skipSubs = append(skipSubs, id)
			}
			found, err := d.scanDue(scanBatch, t.exclude, skipSubs)
			if err != nil {
				d.app.Logger().Error("webhooks: scan due deliveries", "error", err)
				d.st.needRows()
				return started, wasBusy
			}
			d.st.scanned(found)
			if len(found) == 0 {
				return started, wasBusy
			}
		default:
			return started, wasBusy
		}
	}
}

// lookGate returns what the gate says now: the subscriptions whose pushes are held, and those
// served content only (a look costs no query while nothing changed). ok is false when the
// keys cannot be read: nothing is pushed then (fail closed), and the deliveries stay due for
// the next pass.
func (d *Dispatcher) lookGate() (view gateView, ok bool) {
	view, released, err := d.gate.look()
	if err != nil {
		d.app.Logger().Error("webhooks: read the keys of subscriptions", "error", err)
		d.st.needRows()
		return view, false
	}
	if released {
		d.st.needRows() // their deliveries are due again
	}
	return view, true
}

// startDue reads the deliveries of hints again and starts those still due, each on a worker,
// but those of the paused subscriptions, which stay pending, and those its key may not
// receive (MayReceive), which are withheld. It asks the gate after reading them: a delivery
// written after a change of its key is read after that change, and meets the gate as it is.
func (d *Dispatcher) startDue(hints []hint, skip map[string]bool) int {
	jobs, err := d.loadJobs(hints)
	if err != nil {
		d.app.Logger().Error("webhooks: load due deliveries", "error", err)
		d.st.needRows()
		return 0
	}
	if len(jobs) == 0 {
		return 0
	}
	view, ok := d.lookGate()
	if !ok {
		return 0
	}
	buildMessages(jobs)
	// Once a pass, not once an attempt; on an error it is false: the guard fails closed.
	allowPrivate, err := subscriptions.AllowPrivateWebhooks(d.app)
	if err != nil {
		d.app.Logger().Error("webhooks: read site settings", "error", err)
	}
	started := 0
	for _, j := range jobs {
		if view.paused[j.Subscription] != "" {
			continue
		}
		if !outbox.Receives(view.servedOnly[j.Subscription], j.Served) {
			d.withhold(j)
			continue
		}
		f, ok := d.st.claim(j, d.now())
		if !ok {
			continue
		}
		if skip != nil {
			skip[j.ID] = true
		}
		started++
		go d.run(j, f, allowPrivate)
	}
	return started
}
