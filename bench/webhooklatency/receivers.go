package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// arrival is the first attempt of one delivery as its receiver saw it.
type arrival struct {
	post    string    // the post's id
	at      time.Time // when the request reached the receiver's handler
	created time.Time // the event's created, the body's timestamp (milliseconds, truncated)
}

// fleet is every receiver of a run. Each answers 200 at once and notes, per post, the first
// content.created request it got; the fleet counts them all, and the repeats.
type fleet struct {
	mu       sync.Mutex
	servers  []*httptest.Server
	first    []map[string]arrival // by receiver, then post id
	received int                  // first arrivals, all receivers
	repeats  int                  // requests for a (receiver, post) already received
	last     time.Time            // the latest first arrival
	sample   []byte               // the first content.created body received, for the baseline
	changed  chan struct{}        // signalled (without blocking) on each first arrival
}

func newFleet() *fleet { return &fleet{changed: make(chan struct{}, 1)} }

// add starts one more receiver and returns its URL.
func (f *fleet) add() string {
	f.mu.Lock()
	i := len(f.servers)
	f.first = append(f.first, map[string]arrival{})
	f.mu.Unlock()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		at := time.Now()
		f.note(i, at, req.Body)
		w.WriteHeader(http.StatusOK)
	}))
	f.mu.Lock()
	f.servers = append(f.servers, srv)
	f.mu.Unlock()
	return srv.URL
}

func (f *fleet) note(i int, at time.Time, r io.Reader) {
	body, err := io.ReadAll(r)
	if err != nil {
		return
	}
	var msg struct {
		Event     string `json:"event"`
		Timestamp string `json:"timestamp"`
		Data      struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &msg) != nil || msg.Event != "content.created" {
		return
	}
	created, _ := time.Parse(time.RFC3339Nano, msg.Timestamp) // zero if unparsable: shows as a huge latency
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sample == nil {
		f.sample = body
	}
	if _, seen := f.first[i][msg.Data.ID]; seen {
		f.repeats++
		return
	}
	f.first[i][msg.Data.ID] = arrival{post: msg.Data.ID, at: at, created: created}
	f.received++
	f.last = at
	select {
	case f.changed <- struct{}{}:
	default:
	}
}

// waitFor waits until the fleet has received n first arrivals in all, or the deadline.
func (f *fleet) waitFor(n int, deadline time.Time) bool {
	for {
		f.mu.Lock()
		got := f.received
		f.mu.Unlock()
		if got >= n {
			return true
		}
		select {
		case <-f.changed:
		case <-time.After(time.Until(deadline)):
			return false
		}
	}
}

// arrivals returns the first arrivals of the given posts at every receiver.
func (f *fleet) arrivals(posts []string) []arrival {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []arrival
	for _, byPost := range f.first {
		for _, id := range posts {
			if a, ok := byPost[id]; ok {
				out = append(out, a)
			}
		}
	}
	return out
}

func (f *fleet) counts() (received, repeats int, last time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.received, f.repeats, f.last
}

// sampleBody is a delivery's body as received, with its event renamed so that the receivers
// count none of the baseline's requests; nil before the first delivery.
func (f *fleet) sampleBody() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sample == nil {
		return nil
	}
	return bytes.Replace(f.sample, []byte(`"content.created"`), []byte(`"content.sampled"`), 1)
}

// urls are the receivers' addresses.
func (f *fleet) urls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, len(f.servers))
	for i, s := range f.servers {
		out[i] = s.URL
	}
	return out
}

func (f *fleet) close() {
	for _, s := range f.servers {
		s.Close()
	}
}
