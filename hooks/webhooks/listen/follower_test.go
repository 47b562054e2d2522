package listen

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var start = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// reply is one connection's answer: a status, a Retry-After, and the stream's text.
type reply struct {
	status     int
	retryAfter string
	body       string
}

// streamServer answers the n-th connection (from 0) with replies[n], records each request,
// and cancels the run when a connection beyond the replies arrives.
type streamServer struct {
	replies []reply
	cancel  context.CancelFunc
	mu      sync.Mutex
	got     []*http.Request
}

func (s *streamServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	n := len(s.got)
	s.got = append(s.got, r)
	s.mu.Unlock()
	if r.URL.Path != StreamPath || r.Header.Get("Authorization") != "Bearer svc_live_test" {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if n >= len(s.replies) {
		s.cancel()
		return
	}
	rep := s.replies[n]
	if rep.retryAfter != "" {
		w.Header().Set("Retry-After", rep.retryAfter)
	}
	if rep.status == http.StatusOK {
		w.Header().Set("Content-Type", "text/event-stream")
	}
	w.WriteHeader(rep.status)
	fmt.Fprint(w, rep.body)
}

// msg is the stream message of one content.created event.
func msg(id string) string {
	return fmt.Sprintf("id: %s\nevent: content.created\ndata: {\"id\":%q,\"event\":\"content.created\",\"timestamp\":\"2026-11-24T10:00:00.000Z\",\"data\":{}}\n\n", id, id)
}

// follow runs a follower of f's settings against s, and returns the ids handed over, the
// pauses, the warnings and the run's error.
func follow(t *testing.T, s *streamServer, f Follower) (ids []string, sleeps []time.Duration, warnings []string, err error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.cancel = cancel
	srv := httptest.NewServer(s)
	defer srv.Close()
	f.Server, f.Key, f.Client = srv.URL+"/", "svc_live_test", srv.Client()
	f.Sleep = func(ctx context.Context, d time.Duration) error {
		sleeps = append(sleeps, d)
		return ctx.Err()
	}
	f.Warn = func(m string) { warnings = append(warnings, m) }
	err = f.Run(ctx, func(_ context.Context, ev Event) { ids = append(ids, ev.ID) })
	return ids, sleeps, warnings, err
}

// A dropped connection resumes after the last id the server named, with its retry pause, and
// every event is handed over once, in order; since and events go with the first connection.
func TestFollowerResumesAfterTheLastEvent(t *testing.T) {
	s := &streamServer{replies: []reply{
		{status: 200, body: "retry: 500\nid: evt_0\n\n" + msg("evt_1") + ": keep-alive\n\n" + msg("evt_2")},
		{status: 200, body: "retry: 500\n\n" + msg("evt_2") + msg("evt_3")}, // a repeat is not handed over again
		{status: 502},
		{status: 200, body: "retry: 500\n\n" + msg("evt_4")},
	}}
	ids, sleeps, _, err := follow(t, s, Follower{Events: []string{"content.created", "content.updated"}, Since: start})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"evt_1", "evt_2", "evt_3", "evt_4"}) {
		t.Errorf("handed over %v", ids)
	}
	if !slices.Equal(sleeps, []time.Duration{500 * time.Millisecond, 500 * time.Millisecond, 500 * time.Millisecond, 500 * time.Millisecond}) {
		t.Errorf("pauses %v", sleeps)
	}
	first := s.got[0]
	if q := first.URL.Query(); q.Get("since") != "2026-11-24T10:00:00Z" || q.Get("events") != "content.created,content.updated" || first.Header.Get("Last-Event-ID") != "" {
		t.Errorf("first connection %s, Last-Event-ID %q", first.URL, first.Header.Get("Last-Event-ID"))
	}
	for i, want := range []string{"evt_2", "evt_3", "evt_3"} {
		r := s.got[i+1]
		if r.Header.Get("Last-Event-ID") != want || r.URL.Query().Has("since") || r.URL.Query().Get("events") != "content.created,content.updated" {
			t.Errorf("connection %d: %s, Last-Event-ID %q, want %s", i+2, r.URL, r.Header.Get("Last-Event-ID"), want)
		}
	}
}

// The id a new stream names before any event is where a reconnect resumes: nothing written
// in between is lost. Without --events or --since the stream is asked for neither.
func TestFollowerResumesAfterTheStartID(t *testing.T) {
	s := &streamServer{replies: []reply{{status: 200, body: "retry: 2000\nid: evt_9\n\n"}, {status: 200, body: msg("evt_10")}}}
	ids, _, _, err := follow(t, s, Follower{})
	if err != nil {
		t.Fatal(err)
	}
	if s.got[0].URL.RawQuery != "" || s.got[1].Header.Get("Last-Event-ID") != "evt_9" || !slices.Equal(ids, []string{"evt_10"}) {
		t.Errorf("first %s, then Last-Event-ID %q, ids %v", s.got[0].URL, s.got[1].Header.Get("Last-Event-ID"), ids)
	}
}

// A 429 waits the server's Retry-After; a 410 (the last id no longer kept) warns and goes on
// from now.
func TestFollowerWaitsAndStartsOver(t *testing.T) {
	s := &streamServer{replies: []reply{
		{status: 200, body: "id: evt_1\n\n"},
		{status: http.StatusTooManyRequests, retryAfter: "7", body: `{"error":{"code":"too_many_streams","message":"close one"}}`},
		{status: http.StatusGone, body: `{"error":{"code":"last_event_id_unknown","message":"gone"}}`},
		{status: 200, body: msg("evt_5")},
	}}
	ids, sleeps, warnings, err := follow(t, s, Follower{Since: start})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sleeps, []time.Duration{DefaultRetry, 7 * time.Second, 0, DefaultRetry}) {
		t.Errorf("pauses %v", sleeps)
	}
	last := s.got[3]
	if last.Header.Get("Last-Event-ID") != "" || last.URL.Query().Has("since") || !slices.Equal(ids, []string{"evt_5"}) {
		t.Errorf("after the 410: %s, Last-Event-ID %q; ids %v", last.URL, last.Header.Get("Last-Event-ID"), ids)
	}
	if len(warnings) != 4 || !strings.Contains(warnings[2], "replay the gap with --since") {
		t.Errorf("warnings %q", warnings)
	}
}

// A refusal a retry cannot change (400, 401, 403) ends the run with ErrRefused and the
// server's message.
func TestFollowerStopsWhenRefused(t *testing.T) {
	for _, status := range []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden} {
		s := &streamServer{replies: []reply{{status: status, body: `{"error":{"code":"x","message":"purchase.completed carries personal data"}}`}}}
		_, _, _, err := follow(t, s, Follower{})
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "carries personal data") {
			t.Errorf("%d: %v", status, err)
		}
	}
}
