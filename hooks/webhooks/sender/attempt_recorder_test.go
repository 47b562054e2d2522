package sender

import (
	"errors"
	"reflect"
	"strconv"
	"sync"
	"testing"
)

// fakeWrites stands in for the database: it notes each batch, fails those holding a given id,
// and can hold the first write until released.
type fakeWrites struct {
	mu      sync.Mutex
	batches [][]string
	settled [][]string
	again   []dueAgain
	failed  []string

	stored  []bool        // per batch settled: were its results stored
	failID  string        // a batch holding it fails
	entered chan struct{} // closed when the first write starts, if not nil
	release chan struct{} // the first write waits for it, if not nil
}

func (w *fakeWrites) recorder() *recorder {
	first := true
	return &recorder{
		record: func(batch []finished) (bool, error) {
			w.mu.Lock()
			hold := first
			first = false
			var ids []string
			for _, f := range batch {
				ids = append(ids, f.id)
			}
			w.batches = append(w.batches, ids)
			w.mu.Unlock()
			if hold && w.entered != nil {
				close(w.entered)
				<-w.release
			}
			for _, id := range ids {
				if id == w.failID {
					return false, errors.New("cannot write " + id)
				}
			}
			return false, nil
		},
		failed: func(id string, _ error) {
			w.mu.Lock()
			w.failed = append(w.failed, id)
			w.mu.Unlock()
		},
		settled: func(ids []string, again dueAgain) {
			w.mu.Lock()
			w.settled = append(w.settled, ids)
			w.again = append(w.again, again)
			w.mu.Unlock()
		},
		stored: func(err error) {
			w.mu.Lock()
			w.stored = append(w.stored, err == nil)
			w.mu.Unlock()
		},
	}
}

func numbered(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

func TestRecorderWritesWhatCameMeanwhileInBatches(t *testing.T) {
	w := &fakeWrites{entered: make(chan struct{}), release: make(chan struct{})}
	r := w.recorder()
	done := make(chan struct{})
	go func() {
		r.add(finished{id: "first"}) // the writer: writes its own, then the queue
		close(done)
	}()
	<-w.entered
	more := numbered("r", maxBatch+5)
	for _, id := range more {
		r.add(finished{id: id}) // queued: returns at once while the first write is held
	}
	close(w.release)
	<-done

	want := [][]string{{"first"}, more[:maxBatch], more[maxBatch:]}
	if !reflect.DeepEqual(w.batches, want) || !reflect.DeepEqual(w.settled, want) {
		t.Fatalf("wrote %v, settled %v; want %v both", w.batches, w.settled, want)
	}
	if !reflect.DeepEqual(w.again, []dueAgain{notAgain, notAgain, notAgain}) || w.failed != nil {
		t.Fatalf("due again %v, failed %v", w.again, w.failed)
	}
	r.add(finished{id: "later"}) // at rest a result is written at once
	if last := w.batches[len(w.batches)-1]; !reflect.DeepEqual(last, []string{"later"}) {
		t.Fatalf("at rest wrote %v", last)
	}
}

func TestRecorderWritesAFailedBatchOneResultAtATime(t *testing.T) {
	w := &fakeWrites{entered: make(chan struct{}), release: make(chan struct{}), failID: "r1"}
	r := w.recorder()
	done := make(chan struct{})
	go func() {
		r.add(finished{id: "first"})
		close(done)
	}()
	<-w.entered
	for _, id := range numbered("r", 3) {
		r.add(finished{id: id})
	}
	close(w.release)
	<-done

	want := [][]string{{"first"}, {"r0", "r1", "r2"}, {"r0"}, {"r1"}, {"r2"}}
	if !reflect.DeepEqual(w.batches, want) {
		t.Fatalf("wrote %v, want %v", w.batches, want)
	}
	if want := [][]string{{"first"}, {"r0", "r1", "r2"}}; !reflect.DeepEqual(w.settled, want) {
		t.Fatalf("settled %v, want %v", w.settled, want)
	}
	if !reflect.DeepEqual(w.again, []dueAgain{notAgain, dueNow}) || !reflect.DeepEqual(w.failed, []string{"r1"}) {
		t.Fatalf("due again %v, failed %v", w.again, w.failed)
	}
	if want := []bool{true, false}; !reflect.DeepEqual(w.stored, want) {
		t.Fatalf("stored %v, want %v: the store pause must hear of the failure", w.stored, want)
	}
}

func TestRecorderSettlesABatchWhoseWritePanicked(t *testing.T) {
	var settled []string
	var failed []string
	var storeErr error
	r := &recorder{
		record:  func([]finished) (bool, error) { panic("boom") },
		failed:  func(id string, _ error) { failed = append(failed, id) },
		settled: func(ids []string, _ dueAgain) { settled = append(settled, ids...) },
		stored:  func(err error) { storeErr = err },
	}
	r.add(finished{id: "p"})
	if !reflect.DeepEqual(settled, []string{"p"}) || !reflect.DeepEqual(failed, []string{"p"}) {
		t.Fatalf("settled %v, failed %v", settled, failed)
	}
	if storeErr == nil {
		t.Fatal("the store pause was not told that the results were not stored")
	}
}
