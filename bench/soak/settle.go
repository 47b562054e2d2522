package main

import (
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// errorLogFilter finds what the server logged as an error other than a client's 4xx: request
// logs of 5xx answers and background errors (the dispatcher's, the jobs'), which have no status.
const errorLogFilter = "level >= 8 && (data.status = null || data.status = '' || data.status >= 500)"

// settlement is the state of the deliveries once the server had made them all (or stalled),
// and the errors it logged during the run.
type settlement struct {
	took                     time.Duration
	stalled                  bool
	total, pending, failed   int // the server's deliveries
	unique, repeats, badSigs int // what the receivers got
	errorLogs                int
	firstErrors              []string
	err                      error
}

// settle waits until no delivery is pending, failing when no new push arrives for
// c.settleStall meanwhile, then counts the deliveries and the errors the server logged.
func settle(c config, s *site) settlement {
	client := clientFrom(kindCheck, 0)
	var st settlement
	start := time.Now()
	lastProgress, lastUnique := start, s.receivers.unique.Load()
	for {
		pending, err := countDeliveries(client, c.base, s.ownerToken(), "status = 'pending'")
		if err != nil {
			st.err = err
			return st
		}
		st.pending = pending
		if pending == 0 {
			break
		}
		if u := s.receivers.unique.Load(); u != lastUnique {
			lastProgress, lastUnique = time.Now(), u
		}
		if time.Since(lastProgress) > c.settleStall {
			st.stalled = true
			break
		}
		time.Sleep(time.Second)
	}
	st.took = time.Since(start)
	if st.total, st.err = countDeliveries(client, c.base, s.ownerToken(), ""); st.err != nil {
		return st
	}
	if st.failed, st.err = countDeliveries(client, c.base, s.ownerToken(), "status = 'failed'"); st.err != nil {
		return st
	}
	st.unique, st.repeats, st.badSigs = s.receivers.tally()
	st.errorLogs, st.firstErrors, st.err = errorLogs(client, c.base, s.ownerToken())
	return st
}

// countDeliveries is the number of webhook_deliveries matching a PocketBase filter ("" all).
func countDeliveries(client *http.Client, base, token, filter string) (int, error) {
	q := url.Values{"perPage": {"1"}, "fields": {"id"}}
	if filter != "" {
		q.Set("filter", filter)
	}
	var page struct{ TotalItems int }
	a := call(client, http.MethodGet, base+"/api/collections/webhook_deliveries/records?"+q.Encode(), token, nil)
	if err := a.decode(http.StatusOK, &page); err != nil {
		return 0, fmt.Errorf("count deliveries (%s): %w", filter, err)
	}
	return page.TotalItems, nil
}

// errorLogs counts the server's error logs (errorLogFilter) and returns the first few messages.
func errorLogs(client *http.Client, base, token string) (int, []string, error) {
	q := url.Values{"perPage": {"5"}, "sort": {"created"}, "filter": {errorLogFilter}}
	var page struct {
		TotalItems int
		Items      []struct {
			Message string
			Data    map[string]any
		}
	}
	a := call(client, http.MethodGet, base+"/api/logs?"+q.Encode(), token, nil)
	if err := a.decode(http.StatusOK, &page); err != nil {
		return 0, nil, fmt.Errorf("error logs: %w", err)
	}
	var first []string
	for _, it := range page.Items {
		first = append(first, fmt.Sprintf("%s %v", it.Message, it.Data["error"]))
	}
	return page.TotalItems, first, nil
}

// ok reports whether every delivery was made exactly once per id, signed, and nothing erred.
func (st settlement) ok() bool {
	return st.err == nil && !st.stalled && st.pending == 0 && st.failed == 0 && st.unique == st.total &&
		st.badSigs == 0 && st.errorLogs == 0
}
