package sender

// hint is a delivery known to be due. It is a hint, not a claim: the pass that takes it reads
// the delivery again and starts it only if it is still pending, due and enabled.
type hint struct{ id, sub string }

// readyQueue holds hints by subscription, oldest first, and hands them out round-robin across
// subscriptions, so a subscription with a long backlog does not delay the others. It holds at
// most limit hints, and at most subLimit of one subscription; the database keeps the rest,
// for a scan to find. Not safe for concurrent use: the dispatcher's mutex guards it.
type readyQueue struct {
	limit, subLimit int
	n               int
	bySub           map[string][]string // delivery ids, oldest first
	order           []string            // subscriptions with hints, in round-robin order
	next            int                 // where in order the next take starts
	// overflowed are the subscriptions that dropped hints at subLimit: not all their due
	// deliveries are queued.
	overflowed map[string]bool
}

func newReadyQueue(limit, subLimit int) readyQueue {
	return readyQueue{limit: limit, subLimit: subLimit, bySub: map[string][]string{}, overflowed: map[string]bool{}}
}

// add queues hints. It returns false if some were dropped because the queue was full; those
// dropped at a subscription's own limit are noted in overflowed instead.
func (q *readyQueue) add(hints []hint) bool {
	complete := true
	for _, h := range hints {
		switch {
		case q.full():
			complete = false
		case len(q.bySub[h.sub]) >= q.subLimit:
			q.overflowed[h.sub] = true
		default:
			if len(q.bySub[h.sub]) == 0 {
				q.order = append(q.order, h.sub)
			}
			q.bySub[h.sub] = append(q.bySub[h.sub], h.id)
			q.n++
		}
	}
	return complete
}

// full reports whether the queue holds as many hints as it may.
func (q *readyQueue) full() bool { return q.n >= q.limit }

// take removes and returns up to n hints, one subscription after the other, at most room(sub)
// of each subscription. Hints that are not usable are dropped on the way. refill says an
// overflowed subscription fell to half its limit: the database holds due deliveries of it that
// the queue now has room for.
func (q *readyQueue) take(n int, room func(sub string) int, usable func(hint) bool) (hints []hint, refill bool) {
	taken := map[string]int{}
	for len(hints) < n && len(q.order) > 0 {
		start, served := q.next, -1
		for i := 0; i < len(q.order) && len(hints) < n; i++ {
			at := (start + i) % len(q.order)
			sub := q.order[at]
			if h, ok := q.pop(sub, room(sub)-taken[sub], usable); ok {
				hints = append(hints, h)
				taken[sub]++
				served = at
			}
			if q.overflowed[sub] && len(q.bySub[sub]) <= q.subLimit/2 {
				delete(q.overflowed, sub)
				refill = true
			}
		}
		if served >= 0 {
			q.next = served + 1
		}
		q.compact()
		if served < 0 {
			break
		}
	}
	return hints, refill
}

// pop removes the oldest usable hint of sub if sub has room, dropping unusable ones before it.
func (q *readyQueue) pop(sub string, room int, usable func(hint) bool) (hint, bool) {
	for room > 0 && len(q.bySub[sub]) > 0 {
		h := hint{id: q.bySub[sub][0], sub: sub}
		q.bySub[sub] = q.bySub[sub][1:]
		q.n--
		if usable(h) {
			return h, true
		}
	}
	return hint{}, false
}

// compact forgets the subscriptions without hints, keeping the round-robin position.
func (q *readyQueue) compact() {
	kept := q.order[:0]
	next := 0
	for i, sub := range q.order {
		if len(q.bySub[sub]) == 0 {
			delete(q.bySub, sub)
			continue
		}
		if i < q.next {
			next++
		}
		kept = append(kept, sub)
	}
	q.order = kept
	q.next = next
	if q.next >= len(q.order) {
		q.next = 0
	}
}

// queued lists the queued deliveries of the subscriptions below their limit, and the
// subscriptions at it: what a scan must leave out, having queued it already.
func (q *readyQueue) queued() (ids, fullSubs []string) {
	for sub, subIDs := range q.bySub {
		if len(subIDs) >= q.subLimit {
			fullSubs = append(fullSubs, sub)
		} else {
			ids = append(ids, subIDs...)
		}
	}
	return ids, fullSubs
}
