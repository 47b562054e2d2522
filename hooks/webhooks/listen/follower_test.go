package listen

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var start = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// fakeClock advances only when the follower sleeps, and ends the run after maxPolls polls.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	return ctx.Err()
}

// pollServer answers polls with answer(n, event, query) for the n-th poll (from 1), records
// them, and cancels the run once a poll beyond stopAfter arrives.
type pollServer struct {
	answer    func(n int, event string, q url.Values) (int, string)
	stopAfter int
	cancel    context.CancelFunc
	mu        sync.Mutex
	polls     []string // "event?query"
}

func (s *pollServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer svc_live_test" {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	event := strings.TrimPrefix(r.URL.Path, "/api/v1/webhooks/poll/")
	s.mu.Lock()
	s.polls = append(s.polls, event+"?"+r.URL.RawQuery)
	n := len(s.polls)
	s.mu.Unlock()
	if n > s.stopAfter {
		s.cancel()
		fmt.Fprint(w, `{"data":[]}`)
		return
	}
	status, body := s.answer(n, event, r.URL.Query())
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "7")
	}
	w.WriteHeader(status)
	fmt.Fprint(w, body)
}

func evt(id string, ms int) string {
	return fmt.Sprintf(`{"id":%q,"event":"content.created","timestamp":%q,"data":{"n":%d}}`,
		id, start.Add(time.Duration(ms)*time.Millisecond).Format("2006-01-02T15:04:05.000Z"), ms)
}

// follow runs a follower of events against s and returns the ids handed over, the warnings
// and the run's error.
func follow(t *testing.T, s *pollServer, clock *fakeClock, events ...string) (ids, warnings []string, err error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.cancel = cancel
	srv := httptest.NewServer(s)
	defer srv.Close()
	f := &Follower{
		Server: srv.URL + "/", Key: "svc_live_test", Events: events, Since: start,
		Client: srv.Client(), Interval: PollInterval, Now: clock.Now, Sleep: clock.Sleep,
		Warn: func(m string) { warnings = append(warnings, m) },
	}
	err = f.Run(ctx, func(_ context.Context, ev Event) { ids = append(ids, ev.ID) })
	return ids, warnings, err
}

// A replay follows next_cursor page by page, then continues from the last event's time (the
// poll's since is inclusive), and hands over each event once.
func TestFollowerCursorSinceNoDuplicates(t *testing.T) {
	ts := func(ms int) string {
		return start.Add(time.Duration(ms) * time.Millisecond).Format(time.RFC3339Nano)
	}
	want := []struct{ since, cursor string }{
		{ts(0), ""}, {ts(20), "c1"}, {ts(30), ""}, {ts(40), ""},
	}
	s := &pollServer{stopAfter: 4, answer: func(n int, _ string, q url.Values) (int, string) {
		if w := want[n-1]; q.Get("since") != w.since || q.Get("cursor") != w.cursor || q.Get("limit") != "100" {
			t.Errorf("poll %d: %v, want since %s cursor %q", n, q, w.since, w.cursor)
		}
		switch n {
		case 1:
			return 200, `{"data":[` + evt("evt_1", 10) + `,` + evt("evt_2", 20) + `],"next_cursor":"c1"}`
		case 2:
			return 200, `{"data":[` + evt("evt_3", 30) + `]}`
		case 3:
			return 200, `{"data":[` + evt("evt_3", 30) + `,` + evt("evt_4", 40) + `]}`
		default:
			return 200, `{"data":[` + evt("evt_4", 40) + `]}`
		}
	}}
	clock := &fakeClock{now: start}
	ids, _, err := follow(t, s, clock, "content.created")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"evt_1", "evt_2", "evt_3", "evt_4"}) {
		t.Errorf("handed over %v", ids)
	}
	for i, d := range clock.sleeps {
		if d != PollInterval {
			t.Errorf("pause %d: %v, want %v", i, d, PollInterval)
		}
	}
}

// Event types take turns, one poll every PollInterval, so the poll cap is never reached.
func TestFollowerRoundRobinUnderCap(t *testing.T) {
	s := &pollServer{stopAfter: 6, answer: func(int, string, url.Values) (int, string) { return 200, `{"data":[]}` }}
	clock := &fakeClock{now: start}
	if _, _, err := follow(t, s, clock, "a", "b", "c"); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range s.polls[:6] {
		order = append(order, strings.SplitN(p, "?", 2)[0])
	}
	if !slices.Equal(order, []string{"a", "b", "c", "a", "b", "c"}) {
		t.Errorf("poll order %v", order)
	}
	if PollInterval*PollCap > PollWindow || len(clock.sleeps) != 6 {
		t.Errorf("pauses %v exceed the cap of %d per %v", clock.sleeps, PollCap, PollWindow)
	}
}

// A 429 waits the server's Retry-After, then repeats the same poll.
func TestFollowerHonoursRetryAfter(t *testing.T) {
	s := &pollServer{stopAfter: 2, answer: func(n int, _ string, _ url.Values) (int, string) {
		if n == 1 {
			return http.StatusTooManyRequests, `{"error":{"code":"rate_limited","message":"slow down"}}`
		}
		return 200, `{"data":[` + evt("evt_1", 10) + `]}`
	}}
	clock := &fakeClock{now: start}
	ids, warnings, err := follow(t, s, clock, "a", "b")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"evt_1"}) || len(warnings) != 1 {
		t.Errorf("ids %v, warnings %v", ids, warnings)
	}
	if clock.sleeps[0] != 7*time.Second {
		t.Errorf("first wait %v, want the Retry-After of 7s", clock.sleeps[0])
	}
	if a, b := strings.SplitN(s.polls[0], "?", 2)[0], strings.SplitN(s.polls[1], "?", 2)[0]; a != "a" || b != "a" {
		t.Errorf("after a 429 polled %s then %s, want a twice", a, b)
	}
}

// A type refused to the key (403: personal data and a browser key) is warned about once and
// skipped; the others go on. When none is left the run ends with ErrNothingToFollow.
func TestFollowerSkipsForbiddenTypes(t *testing.T) {
	forbidden := `{"error":{"code":"insufficient_scope","message":"events with personal data can be polled only by a server key"}}`
	s := &pollServer{stopAfter: 5, answer: func(_ int, event string, _ url.Values) (int, string) {
		if event == "purchase.completed" {
			return http.StatusForbidden, forbidden
		}
		return 200, `{"data":[]}`
	}}
	_, warnings, err := follow(t, s, &fakeClock{now: start}, "content.created", "purchase.completed")
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "purchase.completed") || !strings.Contains(warnings[0], "server key") {
		t.Errorf("warnings %q", warnings)
	}
	for _, p := range s.polls[2:] {
		if strings.HasPrefix(p, "purchase.completed") {
			t.Errorf("polled a skipped type again: %s", p)
		}
	}

	s = &pollServer{stopAfter: 5, answer: func(int, string, url.Values) (int, string) { return http.StatusForbidden, forbidden }}
	if _, _, err := follow(t, s, &fakeClock{now: start}, "purchase.completed"); !errors.Is(err, ErrNothingToFollow) {
		t.Errorf("all types refused: %v, want ErrNothingToFollow", err)
	}
}

// A refused key ends the run with ErrKeyRefused.
func TestFollowerStopsOnRefusedKey(t *testing.T) {
	s := &pollServer{stopAfter: 5}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.cancel = cancel
	srv := httptest.NewServer(s)
	defer srv.Close()
	clock := &fakeClock{now: start}
	f := &Follower{Server: srv.URL, Key: "wrong", Events: []string{"a"}, Since: start, Client: srv.Client(),
		Interval: PollInterval, Now: clock.Now, Sleep: clock.Sleep, Warn: func(string) {}}
	if err := f.Run(ctx, func(context.Context, Event) {}); !errors.Is(err, ErrKeyRefused) {
		t.Errorf("Run = %v, want ErrKeyRefused", err)
	}
}
