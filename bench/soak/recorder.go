package main

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"
)

// class is a kind of request of the workload.
type class int

const (
	classRead class = iota
	classWrite
	classDashboard
	classPoll
	classLogin
	nClasses
)

var classNames = [nClasses]string{"read", "API write", "dashboard write", "poll", "owner login"}

// outcome is how an answer counts.
type outcome int

const (
	outcomeOK outcome = iota
	outcomeMiss
	outcomeLimited
	outcomeServerError
	outcomeLocked
	outcomeTransport
	outcomeOther
	nOutcomes
)

var outcomeNames = [nOutcomes]string{"ok", "404 of a post deleted meanwhile", "429", "5xx", "\"locked\"", "transport error", "other"}

// failing reports whether an answer with outcome o fails the run: everything but the
// expected status and the 404 of a post another client deleted meanwhile.
func (o outcome) failing() bool { return o != outcomeOK && o != outcomeMiss }

// lockedMarkers are what SQLite's SQLITE_BUSY looks like in an answer, whatever wraps it.
var lockedMarkers = [][]byte{[]byte("database is locked"), []byte("sqlite_busy"), []byte("database table is locked")}

// classify counts an answer: want is the status expected, missOK allows a 404 (the post was
// deleted by another client in between).
func classify(a answer, want int, missOK bool) outcome {
	if a.err != nil {
		return outcomeTransport
	}
	lower := bytes.ToLower(a.body)
	for _, m := range lockedMarkers {
		if bytes.Contains(lower, m) {
			return outcomeLocked
		}
	}
	switch {
	case a.status == want:
		return outcomeOK
	case a.status == http.StatusNotFound && missOK:
		return outcomeMiss
	case a.status == http.StatusTooManyRequests:
		return outcomeLimited
	case a.status >= 500:
		return outcomeServerError
	}
	return outcomeOther
}

// window is what was answered during one sample interval.
type window struct {
	took  [nClasses][]time.Duration
	count [nClasses][nOutcomes]int
}

// total is the number of answers of class c.
func (w *window) total(c class) int {
	n := 0
	for _, k := range w.count[c] {
		n += k
	}
	return n
}

// percentile is the nearest-rank p-quantile (0 < p <= 1) of class c's latencies, 0 if none.
func (w *window) percentile(c class, p float64) time.Duration { return percentile(w.took[c], p) }

func percentile(took []time.Duration, p float64) time.Duration {
	if len(took) == 0 {
		return 0
	}
	sorted := slices.Clone(took)
	slices.Sort(sorted)
	rank := int(float64(len(sorted))*p+0.999999) - 1
	return sorted[min(max(rank, 0), len(sorted)-1)]
}

// recorder collects answers into the current window, and keeps the whole run's write
// latencies and the first failing answers.
type recorder struct {
	mu       sync.Mutex
	cur      *window
	closed   []*window
	writes   [nClasses][]time.Duration // API and dashboard writes of the whole run
	firstBad []string
	dropped  int // API writes not sent: the address's queue was full (the server fell behind)
}

func newRecorder() *recorder { return &recorder{cur: &window{}} }

// record counts one answer of class c.
func (r *recorder) record(c class, a answer, o outcome, what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cur.count[c][o]++
	if a.err == nil {
		r.cur.took[c] = append(r.cur.took[c], a.took)
		if c == classWrite || c == classDashboard {
			r.writes[c] = append(r.writes[c], a.took)
		}
	}
	if o.failing() && len(r.firstBad) < 10 {
		detail := fmt.Sprint(a.err)
		if a.err == nil {
			body := a.body
			if len(body) > 200 {
				body = body[:200]
			}
			detail = fmt.Sprintf("%d %s", a.status, body)
		}
		r.firstBad = append(r.firstBad, fmt.Sprintf("%s %s: %s", classNames[c], what, detail))
	}
}

// drop counts an API write the client could not send in time.
func (r *recorder) drop() {
	r.mu.Lock()
	r.dropped++
	r.mu.Unlock()
}

// closeWindow ends the current window and returns it; later answers go to a new one.
func (r *recorder) closeWindow() *window {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := r.cur
	r.closed = append(r.closed, w)
	r.cur = &window{}
	return w
}

// totals sums every closed window.
func (r *recorder) totals() window {
	r.mu.Lock()
	defer r.mu.Unlock()
	var t window
	for _, w := range r.closed {
		for c := range nClasses {
			for o := range nOutcomes {
				t.count[c][o] += w.count[c][o]
			}
		}
	}
	return t
}
