package sender

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

var stateNow = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func TestAScanLeavesOutWhatIsInFlightOrQueued(t *testing.T) {
	s := newSenderState(4, 1)
	if _, ok := s.claim(job{ID: "d1", Subscription: "s"}, stateNow); !ok { // s is at its share
		t.Fatal("claim refused")
	}
	s.offer([]hint{{"d2", "s"}}) // not served: dropped
	s.serve()                    // as the loop does when it starts
	s.offer([]hint{{"d2", "s"}}) // waits for s's share
	first := s.take(map[string]bool{"d0": true}, stateNow)
	slices.Sort(first.exclude)
	if !first.scan || first.hints != nil || !reflect.DeepEqual(first.exclude, []string{"d0", "d1", "d2"}) || first.fullSubs != nil {
		t.Fatalf("first take, at start: %+v", first)
	}
	s.scanned([]hint{{"d3", "s"}})
	if again := s.take(nil, stateNow); again.scan {
		t.Fatalf("scans again though nothing changed: %+v", again)
	}
}

func TestAScanThatFillsItsBatchIsFollowedByAnother(t *testing.T) {
	s := newSenderState(DefaultWorkers, DefaultPerSubscription)
	s.take(nil, stateNow) // takes the need to scan at start
	found := make([]hint, scanBatch)
	for i := range found {
		found[i] = hint{id: "d" + strconv.Itoa(i), sub: "s" + strconv.Itoa(i%10)}
	}
	s.scanned(found)
	if !s.scan.rows {
		t.Fatal("a scan that filled its batch may have left due deliveries behind")
	}
}

func TestNoScanWhileTheQueueIsFull(t *testing.T) {
	s := newSenderState(DefaultWorkers, 1)
	s.ready = newReadyQueue(2, 2)
	s.serve()
	if _, ok := s.claim(job{ID: "d0", Subscription: "s"}, stateNow); !ok { // s is at its share
		t.Fatal("claim refused")
	}
	s.offer([]hint{{"d1", "s"}, {"d2", "s"}, {"d3", "s"}}) // d3 does not fit
	if got := s.take(nil, stateNow); got.scan || got.hints != nil {
		t.Fatalf("took %+v from a full queue", got)
	}
	if !s.scan.rows {
		t.Fatal("forgot that the database holds due deliveries the queue does not")
	}
}

func TestResultsWaitingForTheWriterHoldBackNewAttempts(t *testing.T) {
	const workers = maxWaiting + 20
	s := newSenderState(workers, workers)
	var ids []string
	for i := range maxWaiting + 10 {
		j := job{ID: "d" + strconv.Itoa(i), Subscription: "s"}
		f, ok := s.claim(j, stateNow)
		if !ok {
			t.Fatalf("claim %d refused", i)
		}
		s.attemptOver(j, f) // its result now waits for the writer
		ids = append(ids, j.ID)
	}
	s.mu.Lock()
	free := s.free(stateNow)
	s.mu.Unlock()
	if free != workers-10 {
		t.Fatalf("%d free with %d results waiting, want %d", free, maxWaiting+10, workers-10)
	}
	s.settle(ids[:10], notAgain)
	s.mu.Lock()
	free = s.free(stateNow)
	s.mu.Unlock()
	if free != workers {
		t.Fatalf("%d free once recorded, want %d", free, workers)
	}
}

// TestADeliveryWalksThroughTheStates follows one delivery through steps 3 to 6 of
// senderState's doc, with the counts after each, and a late slow-timer that must change
// nothing.
func TestADeliveryWalksThroughTheStates(t *testing.T) {
	s := newSenderState(2, 2)
	j := job{ID: "d1", Subscription: "s"}
	type counts struct{ working, waiting, bySub, inflight int }
	check := func(step string, want counts) {
		t.Helper()
		s.mu.Lock()
		got := counts{s.working, s.waiting, s.bySub["s"], len(s.inflight)}
		s.mu.Unlock()
		if got != want {
			t.Fatalf("%s: %+v, want %+v", step, got, want)
		}
	}
	f, ok := s.claim(j, stateNow)
	if !ok {
		t.Fatal("claim refused")
	}
	if _, again := s.claim(j, stateNow); again {
		t.Fatal("claimed twice")
	}
	check("claimed", counts{working: 1, bySub: 1, inflight: 1})
	if !s.slow(j.ID, f) {
		t.Fatal("slow refused")
	}
	check("slow", counts{working: 0, bySub: 1, inflight: 1})
	s.attemptOver(j, f)
	check("over", counts{waiting: 1, inflight: 1})
	if s.slow(j.ID, f) {
		t.Fatal("a late slow-timer took a worker back")
	}
	select {
	case <-s.idleSignal():
		t.Fatal("idle while a result waits")
	default:
	}
	s.takeTimerNeed() // the need to look at start
	s.settle([]string{j.ID}, dueLater)
	check("settled", counts{})
	select {
	case <-s.idleSignal():
	default:
		t.Fatal("not idle once settled")
	}
	if !s.takeTimerNeed() || s.takeTimerNeed() {
		t.Fatal("a retry must set the loop's timer again, once")
	}
}
