//go:build system

package systemtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// backupLoadRate is how many posts a second are written while the backup is made.
const backupLoadRate = 20

// A backup made while posts are written at 20 a second and every event is pushed to two
// receivers (one of them slow) is a consistent cut of the site. Unzipped and served: every
// post answered before the backup was asked for is there, none asked for after it answered;
// no change without its event (each post has its content.created event and each such event
// its post) and no event without its deliveries (one to each subscription); and the restored
// server makes the deliveries that were pending in it, as the deliveries they were, and no
// others.
func TestBackupUnderWritesIsConsistent(t *testing.T) {
	dir := t.TempDir()
	_, writer := CreateKey(t, dir, "writer", "write", "write:webhooks")
	a := Start(t, dir, "--rate-limits=off")
	owner := a.OwnerToken(t, backupOwner.email, backupOwner.password)
	allowPrivateWebhooks(t, a, owner)
	receivers := []*webhookReceiver{newWebhookReceiver(t, http.StatusOK), newWebhookReceiver(t, http.StatusOK)}
	for _, r := range receivers {
		r.subscribe(t, a, writer) // every event
	}
	MustRun(t, dir, "seed") // a second process: the demo site's content, its events and their deliveries

	// The second receiver holds its requests until the backup is made, so the backup catches
	// deliveries in flight and queued behind them.
	slow := receivers[1]
	slow.holdRequests()
	w := startTimedWrites(a, writer, backupLoadRate)
	WaitUntil(t, deliveryArrival, "a second of writes", func() bool { return w.answeredBy(time.Now()) >= backupLoadRate })
	asked := time.Now()
	archive := takeBackup(t, a, owner, "under-load.zip")
	answered := time.Now()
	slow.release()
	WaitUntil(t, deliveryArrival, "a second of writes after the backup", func() bool {
		return w.answeredBy(time.Now())-w.answeredBy(answered) >= backupLoadRate
	})
	writes, failures := w.stop()
	a.Stop()
	if len(failures) > 0 {
		t.Fatalf("%d writes failed: %v", len(failures), failures)
	}
	var during, others []time.Duration // answer times of the writes that overlapped the backup, and of the rest
	for _, wr := range writes {
		if took := wr.answered.Sub(wr.sent).Round(time.Millisecond); wr.answered.After(asked) && wr.sent.Before(answered) {
			during = append(during, took)
		} else {
			others = append(others, took)
		}
	}
	slices.Sort(during)
	slices.Sort(others)
	t.Logf("%d posts written in all; the backup (%d bytes) took %v; writes during it %v, others: median %v, slowest %v",
		len(writes), len(archive), answered.Sub(asked).Round(time.Millisecond), during,
		others[len(others)/2], others[len(others)-1])
	fromA := map[*webhookReceiver]int{}
	for _, r := range receivers {
		fromA[r] = len(r.pushes())
	}

	restored := unzipDataDir(t, archive)
	pending := map[string]pair{} // "dlv_"+id -> its "evt_"+event and subscription, as pushed
	readDataDB(t, restored, func(db *dbx.DB) error {
		var rows []struct{ ID, Event, Subscription string }
		err := db.NewQuery("SELECT id, event, subscription FROM webhook_deliveries WHERE status = 'pending'").All(&rows)
		for _, d := range rows {
			pending["dlv_"+d.ID] = pair{"evt_" + d.Event, d.Subscription}
		}
		return err
	})
	b := Start(t, restored, "--rate-limits=off")
	stored := map[string]bool{}
	for _, p := range listAll[struct{ ID string }](t, b, owner, "posts", "id") {
		stored[p.ID] = true
	}
	for _, wr := range writes {
		if wr.answered.Before(asked) && !stored[wr.id] {
			t.Errorf("post %s, answered before the backup was asked for, is not in it", wr.id)
		}
		if wr.sent.After(answered) && stored[wr.id] {
			t.Errorf("post %s, sent after the backup answered, is in it", wr.id)
		}
	}

	eventOf := map[string]string{} // post id -> its content.created event
	events := listAll[storedEvent](t, b, owner, "webhook_events", "id,event,data")
	for _, ev := range events {
		if ev.Event != "content.created" || ev.Data.Collection != "posts" {
			continue
		}
		switch {
		case !stored[ev.Data.ID]:
			t.Errorf("event %s names post %s, which is not in the backup", ev.ID, ev.Data.ID)
		case eventOf[ev.Data.ID] != "":
			t.Errorf("post %s has two events, %s and %s", ev.Data.ID, eventOf[ev.Data.ID], ev.ID)
		default:
			eventOf[ev.Data.ID] = ev.ID
		}
	}
	for id := range stored {
		if eventOf[id] == "" {
			t.Errorf("post %s has no content.created event in the backup", id)
		}
	}

	deliveryOf := map[pair]string{}
	for _, d := range listAll[storedDelivery](t, b, owner, "webhook_deliveries", "id,event,subscription,status,attempt") {
		k := pair{d.Event, d.Subscription}
		if deliveryOf[k] != "" {
			t.Errorf("event %s has two deliveries to %s: %s and %s", d.Event, d.Subscription, deliveryOf[k], d.ID)
		}
		deliveryOf[k] = d.ID
	}
	for _, ev := range events {
		for _, r := range receivers {
			if deliveryOf[pair{ev.ID, r.ID}] == "" {
				t.Errorf("event %s has no delivery to subscription %s", ev.ID, r.ID)
			}
		}
	}
	if len(deliveryOf) != len(events)*len(receivers) {
		t.Errorf("%d deliveries for %d events to %d subscriptions", len(deliveryOf), len(events), len(receivers))
	}
	t.Logf("in the backup: %d posts, %d events, %d deliveries of which %d pending", len(stored), len(events), len(deliveryOf), len(pending))

	WaitUntil(t, deliveryArrival, "the deliveries pending in the backup made", func() bool {
		return countWhere(t, b, owner, "webhook_deliveries", `status != "succeeded"`) == 0
	})
	made := map[string]bool{}
	for _, r := range receivers {
		for _, p := range r.pushes()[fromA[r]:] {
			if want, ok := pending[p.Delivery]; !ok || want != (pair{p.Event, r.ID}) || !p.Verified {
				t.Errorf("the restored server pushed %s of %s to %s (verified %v); pending in the backup: %v", p.Delivery, p.Event, r.ID, p.Verified, ok)
			}
			made[p.Delivery] = true
		}
	}
	for id := range pending {
		if !made[id] {
			t.Errorf("delivery %s, pending in the backup, never reached its receiver", id)
		}
	}
}

// timedWrite is one post the writer created: its id, when the request was sent and when the
// answer came.
type timedWrite struct {
	id             string
	sent, answered time.Time
}

// timedWrites creates posts at a steady rate, one request at a time (a slow answer delays
// the next), until stopped.
type timedWrites struct {
	halt, done chan struct{}

	mu       sync.Mutex
	writes   []timedWrite
	failures []string
}

func startTimedWrites(s *Server, key string, perSecond int) *timedWrites {
	w := &timedWrites{halt: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		tick := time.NewTicker(time.Second / time.Duration(perSecond))
		defer tick.Stop()
		for n := 1; ; n++ {
			select {
			case <-w.halt:
				return
			case <-tick.C:
			}
			sent := time.Now()
			status, body, err := s.Call(context.Background(), http.MethodPost, "/api/v1/posts", "Bearer "+key,
				map[string]any{"title": fmt.Sprintf("Under load %05d", n), "visibility": "public", "draft": false})
			answered := time.Now()
			var res struct{ Data struct{ ID string } }
			if err == nil && status != http.StatusCreated {
				err = fmt.Errorf("answered %d: %s", status, body)
			} else if err == nil {
				err = json.Unmarshal(body, &res)
			}
			w.mu.Lock()
			if err != nil {
				w.failures = append(w.failures, strings.TrimSpace(err.Error()))
			} else {
				w.writes = append(w.writes, timedWrite{res.Data.ID, sent, answered})
			}
			w.mu.Unlock()
		}
	}()
	return w
}

// answeredBy is how many posts were answered with 201 before at.
func (w *timedWrites) answeredBy(at time.Time) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, wr := range w.writes {
		if wr.answered.Before(at) {
			n++
		}
	}
	return n
}

// stop ends the writes and returns what was written and what failed.
func (w *timedWrites) stop() ([]timedWrite, []string) {
	close(w.halt)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.writes, w.failures
}
