package webhooks

// scanBatch is how many due deliveries one scan of the database hands to the ready queue.
const scanBatch = 256

// minStart is how many attempts a pass waits to be able to start, while more are queued and
// attempts under way will free workers: each pass reads its deliveries in one query, which
// costs about as much for one delivery as for eight, and fast receivers free workers one by one.
const minStart = 8

// maxWaiting is how many results may wait to be recorded before the workers stop starting
// attempts: the writer connection sets the pace, and a crash repeats at most these (and the
// attempts under way), with the same delivery ids. Two batches: one is written while the next
// fills.
const maxWaiting = 2 * maxBatch

// Bounds of the ready queue (about 100 bytes a hint), overall and for one subscription, whose
// receiver may hang with a long backlog; a delivery that does not fit stays due in the
// database, where a scan finds it.
const (
	maxReady       = 50_000
	maxReadyPerSub = 1_000
)

// scanNeed says what the dispatcher must ask the database.
type scanNeed struct {
	// rows: due deliveries may be stored that the ready queue does not hold.
	rows bool
	// timer: the earliest future attempt may have changed; the loop asks for it again.
	timer bool
}

// offer queues deliveries that a commit made due and wakes the loop to start them: the
// outbox's hand-over, which spares a scan. A process that does not serve (a command writing
// content) keeps nothing: the deliveries wait in the database for the server's scan.
func (d *dispatcher) offer(hints []hint) {
	d.mu.Lock()
	if !d.serving {
		d.mu.Unlock()
		return
	}
	if !d.ready.add(hints) {
		d.scan.rows = true
	}
	d.mu.Unlock()
	d.kick()
}

// pass starts due deliveries on the free workers: those of the ready queue first, then, when
// the queue has none that may start and the database may hold some, those a scan adds to it
// (a batch at a time). It skips deliveries in skip, and adds those it starts, and leaves the
// deliveries of subscriptions whose key could not register them now pending (key_gate.go). It
// returns how many it started, and whether deliveries were in flight when it looked: those
// may have held back due deliveries that a later pass can start.
func (d *dispatcher) pass(skip map[string]bool) (started int, wasBusy bool) {
	d.passMu.Lock()
	defer d.passMu.Unlock()
	paused, released, err := d.gate.look()
	if err != nil { // fail closed: nothing is pushed while the keys cannot be read
		d.app.Logger().Error("webhooks: read the keys of subscriptions", "error", err)
		d.needRows()
		return 0, false
	}
	if released {
		d.needRows() // their deliveries are due again
	}
	for round := 0; ; round++ {
		t := d.take(skip)
		if round == 0 {
			wasBusy = t.busy
		}
		switch {
		case len(t.hints) > 0:
			started += d.startDue(t.hints, skip, paused)
		case t.scan:
			skipSubs := t.fullSubs
			for id := range paused {
				skipSubs = append(skipSubs, id)
			}
			found, err := d.scanDue(scanBatch, t.exclude, skipSubs)
			if err != nil {
				d.app.Logger().Error("webhooks: scan due deliveries", "error", err)
				d.needRows()
				return started, wasBusy
			}
			d.scanned(found)
			if len(found) == 0 {
				return started, wasBusy
			}
		default:
			return started, wasBusy
		}
	}
}

// taking is what a pass took from the ready queue, or, when that is nothing and the database
// must be scanned, what the scan must leave out: what is in flight, skipped or queued already.
type taking struct {
	hints    []hint
	busy     bool // deliveries were in flight
	scan     bool // scan the database
	exclude  []string
	fullSubs []string // subscriptions whose queue is full
}

// take hands out hints for the free workers, at most each subscription's free share, and
// drops those in flight or skipped. When it has none, it takes the need to scan, unless the
// queue is full (what a scan found could not be kept). A scan runs only then, so the hints
// still queued belong to subscriptions at their share: few, except for those of a hanging
// receiver, whose queue may be full and is left out as a whole.
func (d *dispatcher) take(skip map[string]bool) taking {
	d.mu.Lock()
	defer d.mu.Unlock()
	t := taking{busy: len(d.inflight) > 0}
	free := d.free()
	if free <= 0 || free < minStart && d.ready.n > free && d.working > 0 {
		return t // a worker that frees will kick again
	}
	room := func(sub string) int { return d.perSub - d.bySub[sub] }
	usable := func(h hint) bool { _, busy := d.inflight[h.id]; return !busy && !skip[h.id] }
	hints, refill := d.ready.take(free, room, usable)
	if refill {
		d.scan.rows = true
	}
	if t.hints = hints; len(hints) > 0 || !d.scan.rows || d.ready.full() {
		return t
	}
	t.scan, d.scan.rows = true, false
	t.exclude, t.fullSubs = d.ready.queued()
	for id := range d.inflight {
		t.exclude = append(t.exclude, id)
	}
	for id := range skip {
		t.exclude = append(t.exclude, id)
	}
	return t
}

// scanned queues what a scan found, and notes whether it may have left due deliveries in the
// database: a full batch, or a full queue.
func (d *dispatcher) scanned(found []hint) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.ready.add(found) || len(found) == scanBatch {
		d.scan.rows = true
	}
}

// needRows notes that due deliveries may be stored that the ready queue does not hold.
func (d *dispatcher) needRows() {
	d.mu.Lock()
	d.scan.rows = true
	d.mu.Unlock()
}

// startDue reads the deliveries of hints again and starts those still due, each on a worker,
// but those of the paused subscriptions, which stay pending.
func (d *dispatcher) startDue(hints []hint, skip map[string]bool, paused map[string]string) int {
	jobs, err := d.loadJobs(hints)
	if err != nil {
		d.app.Logger().Error("webhooks: load due deliveries", "error", err)
		d.needRows()
		return 0
	}
	if len(jobs) == 0 {
		return 0
	}
	buildMessages(jobs)
	// Once a pass, not once an attempt; on an error it is false: the guard fails closed.
	allowPrivate, err := allowPrivateWebhooks(d.app)
	if err != nil {
		d.app.Logger().Error("webhooks: read site settings", "error", err)
	}
	started := 0
	for _, j := range jobs {
		if paused[j.Subscription] != "" {
			continue
		}
		f, ok := d.claim(j)
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

// free is how many attempts may start now: the workers not held, less the results waiting
// beyond maxWaiting; none while stopped or in a store pause. The caller holds d.mu.
func (d *dispatcher) free() int {
	if d.stopped || d.pause.left(d.now()) > 0 {
		return 0
	}
	return d.workers - d.working - max(d.waiting-maxWaiting, 0)
}

// claim marks j in flight if a worker and its subscription's share are free.
func (d *dispatcher) claim(j job) (*flight, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.free() <= 0 || d.bySub[j.Subscription] >= d.perSub {
		return nil, false
	}
	if _, ok := d.inflight[j.ID]; ok {
		return nil, false
	}
	if len(d.inflight) == 0 {
		d.idle = make(chan struct{})
	}
	f := &flight{}
	d.inflight[j.ID] = f
	d.working++
	d.bySub[j.Subscription]++
	return f, true
}
