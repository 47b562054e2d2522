package sender

import (
	"sync"
	"time"
)

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

// senderState is all the dispatcher keeps in memory, and every change to it, under one lock:
// the rest of the dispatcher (dispatcher.go, dispatch_pass.go, delivery_worker.go) reads the
// database and the receivers and calls these methods. Its fields are unexported, so nothing
// outside package sender can touch them; inside it, only these methods do.
// What matters for delivery (status, attempt, next_attempt_at) is in the database; this is
// only what keeps the workers busy, bounded and from claiming a delivery twice.
//
// A delivery's way through it:
//
//  1. queued: offer (the outbox's hand-over when a write commits) or scanned (what a scan of
//     the database found) puts its hint in the ready queue;
//  2. taken: take hands hints to a pass, at most the free workers and each subscription's
//     free share; when the queue has none that may start, it hands over the need to scan;
//  3. claimed: claim marks it in flight, holding a worker and a share of its subscription;
//  4. slow (maybe): slow gives the worker of an attempt that passed slowAfter back, keeping
//     the share;
//  5. over: attemptOver frees the worker and the share; the result waits for the writer
//     (waiting), and until it is recorded the delivery stays in flight, claimed by no one;
//  6. settled: settle takes it out of flight once its result is recorded, or is not to be,
//     and notes whether the database may hold due deliveries again (scan).
//
// Besides: serving (offers are kept only while the loop runs) and stopped; the store pause
// (no attempt starts while results cannot be stored); idle, closed while nothing is in
// flight, for RunDue and shutdown.
type senderState struct {
	mu sync.Mutex

	workers int // attempts that may hold a worker at once
	perSub  int // attempts under way for one subscription

	inflight map[string]*flight // by delivery id, from claim to settle
	working  int                // attempts under way holding a worker: those not yet slow
	waiting  int                // attempts over whose results wait to be recorded
	bySub    map[string]int     // attempts under way by subscription
	idle     chan struct{}      // closed while nothing is in flight

	serving bool // the loop runs: offers are kept
	stopped bool
	ready   readyQueue
	scan    scanNeed
	pause   storePause
}

// flight is a delivery in flight; its identity tells a late slow-timer from a newer attempt
// of the same delivery.
type flight struct {
	slow bool // its attempt has given its worker back
	over bool // its attempt is over (its result may not be recorded yet)
}

// scanNeed says what the dispatcher must ask the database.
type scanNeed struct {
	// rows: due deliveries may be stored that the ready queue does not hold.
	rows bool
	// timer: the earliest future attempt may have changed; the loop asks for it again.
	timer bool
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

// newSenderState is the state at start: nothing in flight, everything due to be looked for.
func newSenderState(workers, perSub int) *senderState {
	s := &senderState{
		workers:  workers,
		perSub:   perSub,
		inflight: map[string]*flight{},
		bySub:    map[string]int{},
		idle:     make(chan struct{}),
		ready:    newReadyQueue(maxReady, maxReadyPerSub),
		scan:     scanNeed{rows: true, timer: true},
	}
	close(s.idle)
	return s
}

// serve notes that the loop runs, unless stopped already.
func (s *senderState) serve() {
	s.mu.Lock()
	s.serving = !s.stopped
	s.mu.Unlock()
}

// stop starts nothing more and drops the ready queue: what it held is due in the database.
func (s *senderState) stop() {
	s.mu.Lock()
	s.stopped, s.serving = true, false
	s.ready = newReadyQueue(maxReady, maxReadyPerSub)
	s.mu.Unlock()
}

// offer queues deliveries that a commit made due (step 1). A process that does not serve (a
// command writing content) keeps nothing: the deliveries wait in the database for the server's
// scan. It reports whether it kept them.
func (s *senderState) offer(hints []hint) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.serving {
		return false
	}
	if !s.ready.add(hints) {
		s.scan.rows = true
	}
	return true
}

// take hands out hints for the free workers at now (step 2), at most each subscription's free
// share, and drops those in flight or skipped. When it has none, it takes the need to scan,
// unless the queue is full (what a scan found could not be kept). A scan runs only then, so
// the hints still queued belong to subscriptions at their share: few, except for those of a
// hanging receiver, whose queue may be full and is left out as a whole.
func (s *senderState) take(skip map[string]bool, now time.Time) taking {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := taking{busy: len(s.inflight) > 0}
	free := s.free(now)
	if free <= 0 || free < minStart && s.ready.n > free && s.working > 0 {
		return t // a worker that frees will kick again
	}
	room := func(sub string) int { return s.perSub - s.bySub[sub] }
	usable := func(h hint) bool { _, busy := s.inflight[h.id]; return !busy && !skip[h.id] }
	hints, refill := s.ready.take(free, room, usable)
	if refill {
		s.scan.rows = true
	}
	if t.hints = hints; len(hints) > 0 || !s.scan.rows || s.ready.full() {
		return t
	}
	t.scan, s.scan.rows = true, false
	t.exclude, t.fullSubs = s.ready.queued()
	for id := range s.inflight {
		t.exclude = append(t.exclude, id)
	}
	for id := range skip {
		t.exclude = append(t.exclude, id)
	}
	return t
}

// scanned queues what a scan found (step 1), and notes whether it may have left due
// deliveries in the database: a full batch, or a full queue.
func (s *senderState) scanned(found []hint) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.ready.add(found) || len(found) == scanBatch {
		s.scan.rows = true
	}
}

// claim marks j in flight (step 3) if a worker and its subscription's share are free at now.
func (s *senderState) claim(j job, now time.Time) (*flight, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free(now) <= 0 || s.bySub[j.Subscription] >= s.perSub {
		return nil, false
	}
	if _, ok := s.inflight[j.ID]; ok {
		return nil, false
	}
	if len(s.inflight) == 0 {
		s.idle = make(chan struct{})
	}
	f := &flight{}
	s.inflight[j.ID] = f
	s.working++
	s.bySub[j.Subscription]++
	return f, true
}

// slow gives the worker of f, an attempt of delivery id that is taking long, back (step 4).
// It reports whether it did: not when the attempt is over already.
func (s *senderState) slow(id string, f *flight) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inflight[id] != f || f.slow || f.over {
		return false
	}
	f.slow = true
	s.working--
	return true
}

// attemptOver frees the worker (unless the attempt was slow and gave it back already) and the
// subscription's share of an attempt of j that has ended (step 5). The delivery stays in
// flight until its result is recorded.
func (s *senderState) attemptOver(j job, f *flight) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !f.slow {
		s.working--
	}
	f.over = true
	s.waiting++
	if s.bySub[j.Subscription]--; s.bySub[j.Subscription] <= 0 {
		delete(s.bySub, j.Subscription)
	}
}

// settle takes deliveries out of flight once their results are recorded, or are not to be
// (step 6). When some may be due again, the loop sets its timer again (a retry), and scans
// the database (due now).
func (s *senderState) settle(ids []string, again dueAgain) {
	s.mu.Lock()
	defer s.mu.Unlock()
	wasBusy := len(s.inflight) > 0
	for _, id := range ids {
		if f := s.inflight[id]; f != nil && f.over {
			s.waiting--
		}
		delete(s.inflight, id)
	}
	if wasBusy && len(s.inflight) == 0 {
		close(s.idle)
	}
	s.scan.timer = s.scan.timer || again != notAgain
	s.scan.rows = s.scan.rows || again == dueNow
}

// needRows notes that due deliveries may be stored that the ready queue does not hold.
func (s *senderState) needRows() {
	s.mu.Lock()
	s.scan.rows = true
	s.mu.Unlock()
}

// lookAgain notes that the database must be scanned for due deliveries, and asked for the
// earliest future attempt.
func (s *senderState) lookAgain() {
	s.mu.Lock()
	s.scan = scanNeed{rows: true, timer: true}
	s.mu.Unlock()
}

// takeTimerNeed reports, once, that the loop's timer must be set again: the earliest future
// attempt may have changed.
func (s *senderState) takeTimerNeed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	need := s.scan.timer
	s.scan.timer = false
	return need
}

// stored notes at now whether the results of a batch were stored (err nil): results that
// cannot be stored hold every attempt back for a while (storePause).
func (s *senderState) stored(err error, now time.Time) {
	s.mu.Lock()
	s.pause.note(err, now)
	s.mu.Unlock()
}

// pauseLeft is how long attempts are still held back at now by the store pause.
func (s *senderState) pauseLeft(now time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pause.left(now)
}

// idleSignal is closed once nothing is in flight (at once, if nothing is now).
func (s *senderState) idleSignal() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.idle
}

// free is how many attempts may start at now: the workers not held, less the results waiting
// beyond maxWaiting; none while stopped or in a store pause. The caller holds s.mu.
func (s *senderState) free(now time.Time) int {
	if s.stopped || s.pause.left(now) > 0 {
		return 0
	}
	return s.workers - s.working - max(s.waiting-maxWaiting, 0)
}
