package webhooks

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

func TestAScanLeavesOutWhatIsInFlightOrQueued(t *testing.T) {
	d := newDispatcher(nil, Config{Now: time.Now, Workers: 4, PerSubscription: 1})
	if _, ok := d.claim(job{ID: "d1", Subscription: "s"}); !ok { // s is at its share
		t.Fatal("claim refused")
	}
	d.offer([]hint{{"d2", "s"}}) // not served: dropped
	d.serving = true             // as start does, without the loop
	d.offer([]hint{{"d2", "s"}}) // waits for s's share
	first := d.take(map[string]bool{"d0": true})
	slices.Sort(first.exclude)
	if !first.scan || first.hints != nil || !reflect.DeepEqual(first.exclude, []string{"d0", "d1", "d2"}) || first.fullSubs != nil {
		t.Fatalf("first take, at start: %+v", first)
	}
	d.scanned([]hint{{"d3", "s"}})
	if again := d.take(nil); again.scan {
		t.Fatalf("scans again though nothing changed: %+v", again)
	}
}

func TestAScanThatFillsItsBatchIsFollowedByAnother(t *testing.T) {
	d := newDispatcher(nil, Config{Now: time.Now})
	d.take(nil) // takes the need to scan at start
	found := make([]hint, scanBatch)
	for i := range found {
		found[i] = hint{id: "d" + strconv.Itoa(i), sub: "s" + strconv.Itoa(i%10)}
	}
	d.scanned(found)
	if !d.scan.rows {
		t.Fatal("a scan that filled its batch may have left due deliveries behind")
	}
}

func TestNoScanWhileTheQueueIsFull(t *testing.T) {
	d := newDispatcher(nil, Config{Now: time.Now, PerSubscription: 1})
	d.ready = newReadyQueue(2, 2)
	d.serving = true
	if _, ok := d.claim(job{ID: "d0", Subscription: "s"}); !ok { // s is at its share
		t.Fatal("claim refused")
	}
	d.offer([]hint{{"d1", "s"}, {"d2", "s"}, {"d3", "s"}}) // d3 does not fit
	if got := d.take(nil); got.scan || got.hints != nil {
		t.Fatalf("took %+v from a full queue", got)
	}
	if !d.scan.rows {
		t.Fatal("forgot that the database holds due deliveries the queue does not")
	}
}

func TestResultsWaitingForTheWriterHoldBackNewAttempts(t *testing.T) {
	const workers = maxWaiting + 20
	d := newDispatcher(nil, Config{Now: time.Now, Workers: workers, PerSubscription: workers})
	var ids []string
	for i := range maxWaiting + 10 {
		j := job{ID: "d" + strconv.Itoa(i), Subscription: "s"}
		f, ok := d.claim(j)
		if !ok {
			t.Fatalf("claim %d refused", i)
		}
		d.attemptOver(j, f) // its result now waits for the writer
		ids = append(ids, j.ID)
	}
	d.mu.Lock()
	free := d.free()
	d.mu.Unlock()
	if free != workers-10 {
		t.Fatalf("%d free with %d results waiting, want %d", free, maxWaiting+10, workers-10)
	}
	d.settle(ids[:10], notAgain)
	d.mu.Lock()
	free = d.free()
	d.mu.Unlock()
	if free != workers {
		t.Fatalf("%d free once recorded, want %d", free, workers)
	}
}
