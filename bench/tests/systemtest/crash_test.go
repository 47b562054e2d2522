//go:build system

package systemtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The crash test of the webhook outbox and dispatcher, against the real server binary: it
// starts the server on a fresh data directory with ten local subscribers, writes posts at
// speed with several concurrent writers, kills the process with SIGKILL at seeded random
// moments, restarting it on the same data directory after each, and checks that nothing was
// half-written (every post has its event, every event its post and exactly one delivery per
// subscriber), that every event reached every subscriber with a valid signature, and that an
// (event, subscriber) pair always carried the same delivery id, across retries and restarts.
//
// A run kills the server three times; CRASHTEST_RUNS sets the number of runs (default 1), and
// CRASHTEST_SEED with it replays the kill points of a failed run (both are logged).
// bench/RELIABILITY.md has the figures.

// The size of one run.
const (
	postCount   = 1000
	subscribers = 10
	writers     = 8
	// killsPerRun is how many times one run kills its server, restarting it after each.
	killsPerRun = 3
)

// Deadlines of one run's phases. Settling may be slow on a loaded machine, so what fails it is
// a stall: no delivery made for stallLimit.
const (
	killLimit   = 60 * time.Second // from a (re)start to its kill
	stallLimit  = 30 * time.Second // settling: the longest time without a delivery made
	settleLimit = 5 * time.Minute  // settling: from the last restart until nothing is pending
)

// The owner the crash test logs in as.
const (
	crashOwnerEmail    = "owner@example.com"
	crashOwnerPassword = "crash test password 123"
)

// killKind says what a kill point counts, from the server's (re)start.
type killKind string

const (
	// killAfterWrites kills when the n-th write has been acknowledged (201).
	killAfterWrites killKind = "acknowledged writes"
	// killAfterDeliveries kills when the n-th request has reached the subscribers, n being a
	// share of the requests sure to come after the restart.
	killAfterDeliveries killKind = "requests received"
)

// killPoint is where a run kills its server.
type killPoint struct {
	kind  killKind
	n     int64   // killAfterWrites: drawn; killAfterDeliveries: set by aim
	share float64 // killAfterDeliveries, in (0, 1]
}

func (k killPoint) String() string { return fmt.Sprintf("after %d %s", k.n, k.kind) }

// aim sets where a killAfterDeliveries point falls once the server has restarted: after the
// requests already counted and its share of those sure to come, at least one. With none to
// come, it falls at once.
func (k *killPoint) aim(counted, toCome int64) {
	k.n = counted + int64(math.Ceil(k.share*float64(toCome)))
}

// killPoints draws each run's kill points from seed. A run's first kill comes after 1 to
// postCount acknowledged writes, so mostly mid-write (with pushes going on); the others after
// a share of the requests sure to come after the restart (the deliveries then pending, and
// those of the posts still to write), mid-push and mid-redelivery. A share, not a number: how
// many requests remain depends on how fast the server delivered before its kill.
func killPoints(seed uint64, runs int) [][]killPoint {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	points := make([][]killPoint, runs)
	for i := range points {
		points[i] = []killPoint{{kind: killAfterWrites, n: 1 + rng.Int64N(postCount)}}
		for range killsPerRun - 1 {
			points[i] = append(points[i], killPoint{kind: killAfterDeliveries, share: 1 - rng.Float64()})
		}
	}
	return points
}

func TestCrashMidWriteLosesNoEventAndNoDelivery(t *testing.T) {
	runs := envInt(t, "CRASHTEST_RUNS", 1)
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("CRASHTEST_SEED"); v != "" {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("CRASHTEST_SEED=%q: %v", v, err)
		}
	}
	t.Logf("CRASHTEST_SEED=%d CRASHTEST_RUNS=%d (set both to replay)", seed, runs)
	var total runStats
	for i, points := range killPoints(seed, runs) {
		// One run after the other: a run keeps about one core busy (its server's single
		// SQLite writer is the limit), so on two cores parallel runs gain nothing.
		t.Run(fmt.Sprintf("run%d", i), func(t *testing.T) {
			st := crashRun(t, points)
			t.Logf("%v", st)
			total.add(st)
		})
	}
	t.Logf("in all, %d run(s): %v", total.runs, total)
}

// crashRun is one run: start, subscribe, write; kill and restart at each point, finishing the
// writes after each restart; then settle and check.
func crashRun(t *testing.T, points []killPoint) runStats {
	// Every second process runs before the first start: one writing to data.db while the
	// server records an attempt would make that write fail with SQLITE_BUSY_SNAPSHOT, an
	// error logged by the server that is the test's doing, not a crash's.
	dataDir := t.TempDir()
	MustRun(t, dataDir, "superuser", "upsert", crashOwnerEmail, crashOwnerPassword)
	_, hookKey := CreateKey(t, dataDir, "crash webhooks", "write:webhooks")
	_, writeKey := CreateKey(t, dataDir, "crash writer", "write")

	subs := newFleet(t, subscribers)
	srv := startCrashServer(t, dataDir)
	owner := srv.Login(t, crashOwnerEmail, crashOwnerPassword)
	allowPrivateWebhooks(t, srv, owner)
	for _, s := range subs.subs {
		var reg struct{ ID, Secret string }
		mustJSON(t, srv, http.MethodPost, "/api/v2/webhooks", "Bearer "+hookKey,
			map[string]string{"url": s.URL}, http.StatusCreated, &reg)
		s.setSecret(t, reg.ID, reg.Secret)
	}

	st := runStats{runs: 1}
	acked := map[string]bool{} // acknowledged with 201, so committed
	present := map[string]bool{}
	var restartedAt time.Time
	for _, kp := range points {
		// Write what is missing, at speed, while the kill switch waits for its point; the
		// writes in flight at the kill fail, and the writers stop.
		ks := newKillSwitch(kp.kind)
		subs.kill.Store(ks) // counts from now on
		if kp.kind == killAfterDeliveries {
			kp.aim(ks.deliveries.Load(), int64(unreceivedPending(t, srv, owner, subs)+len(missingSlugs(present))*subscribers))
		}
		ks.arm(kp.n)
		killed := make(chan bool, 1)
		go func() {
			select {
			case <-ks.fired:
				srv.Kill()
				killed <- true
			case <-time.After(killLimit):
				killed <- false
			}
		}()
		w := writePosts(srv, writeKey, missingSlugs(present), ks)
		if !<-killed {
			pending := countWhere(t, srv, owner, "webhook_deliveries", "status = 'pending'")
			t.Fatalf("the kill point %v was not reached in %v (%d counted; %d deliveries pending)",
				kp, killLimit, ks.deliveries.Load(), pending)
		}
		if w.err != nil {
			t.Fatalf("%v\n%s", w.err, tail(srv.Log()))
		}
		subs.kill.Store(nil)
		st.kills = append(st.kills, kp)
		for slug := range w.acked {
			acked[slug] = true
		}

		// Restart on the same data directory. Every acknowledged write must have survived;
		// those in flight at the kill may or may not have.
		restartedAt = time.Now()
		srv = startCrashServer(t, dataDir)
		owner = srv.Login(t, crashOwnerEmail, crashOwnerPassword)
		present = map[string]bool{}
		for _, p := range listAll[post](t, srv, owner, "posts", "id,slug") {
			present[p.Slug] = true
		}
		for slug := range acked {
			if !present[slug] {
				t.Errorf("post %s was acknowledged with 201 before the kill %v but is gone after the restart", slug, kp)
			}
		}
		for _, slug := range w.failed {
			if present[slug] {
				st.inFlightCommitted++
			} else {
				st.inFlightLost++
			}
		}
	}
	if w := writePosts(srv, writeKey, missingSlugs(present), nil); w.err != nil {
		t.Fatalf("writing after the last restart: %v\n%s", w.err, tail(srv.Log()))
	}

	if err := waitSettled(t, srv, owner); err != nil {
		t.Fatalf("%v; server errors: %v\nserver log:\n%s", err, serverErrors(t, srv, owner), tail(srv.Log()))
	}
	st.settle = time.Since(restartedAt)
	st.maxSettle = st.settle
	checkOutbox(t, srv, owner, subs, &st)
	if errs := serverErrors(t, srv, owner); len(errs) > 0 {
		t.Errorf("the server logged errors: %v", errs)
	}
	if t.Failed() {
		t.Logf("server log:\n%s", tail(srv.Log()))
	}
	return st
}

// startCrashServer serves dataDir, rate limits off, with a connection pool for the writers.
func startCrashServer(t *testing.T, dataDir string) *Server {
	t.Helper()
	s := Start(t, dataDir, "--rate-limits=off")
	s.Client.Transport = &http.Transport{MaxIdleConnsPerHost: writers}
	return s
}

// waitSettled polls until no delivery is pending, and fails when none was made for
// stallLimit, or at settleLimit.
func waitSettled(t *testing.T, s *Server, token string) error {
	t.Helper()
	start := time.Now()
	last, progress := -1, start
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		n := countWhere(t, s, token, "webhook_deliveries", "status = 'pending'")
		switch now := time.Now(); {
		case n == 0:
			return nil
		case now.Sub(start) > settleLimit:
			return fmt.Errorf("%d deliveries still pending after %v", n, settleLimit)
		case last < 0 || n < last:
			last, progress = n, now
		case now.Sub(progress) > stallLimit:
			return fmt.Errorf("no delivery made for %v, %d still pending", stallLimit, n)
		}
		<-tick.C
	}
}

// serverErrors are the messages of the errors the server logged (PocketBase's logs API), as
// far as its log writer flushed them before each kill.
func serverErrors(t *testing.T, s *Server, token string) []string {
	t.Helper()
	var res struct {
		Items []struct {
			Message string
			Data    map[string]any
		}
	}
	mustJSON(t, s, http.MethodGet, "/api/logs?perPage=20&filter="+url.QueryEscape("level >= 8"), token, nil, http.StatusOK, &res)
	var errs []string
	for _, it := range res.Items {
		errs = append(errs, fmt.Sprintf("%s %v", it.Message, it.Data))
	}
	return errs
}

// allowPrivateWebhooks sets site_settings.webhooks_allow_private through PocketBase's records
// API, so subscribers on http://127.0.0.1 can be registered.
func allowPrivateWebhooks(t *testing.T, s *Server, token string) {
	t.Helper()
	settings := listAll[struct{ ID string }](t, s, token, "site_settings", "id")
	if len(settings) != 1 {
		t.Fatalf("%d site_settings records, want 1", len(settings))
	}
	mustJSON(t, s, http.MethodPatch, "/api/collections/site_settings/records/"+settings[0].ID, token,
		map[string]bool{"webhooks_allow_private": true}, http.StatusOK, nil)
}

// missingSlugs are the slugs of the run's posts that are not in present.
func missingSlugs(present map[string]bool) []string {
	var slugs []string
	for i := range postCount {
		if slug := fmt.Sprintf("crash-%04d", i); !present[slug] {
			slugs = append(slugs, slug)
		}
	}
	return slugs
}

// written is what writePosts did.
type written struct {
	acked  map[string]bool // answered 201
	failed []string        // sent, but no answer came: the server was killed
	err    error           // a failure that was not the kill's
}

// writePosts creates a post for each slug with POST /api/v1/posts, `writers` at a time. With
// a kill switch, each acknowledgement counts toward its kill point, and once it has fired
// each writer stops at its first failure (the server is gone); any failure before that, or
// without a kill switch, is an error.
func writePosts(s *Server, key string, slugs []string, ks *killSwitch) written {
	todo := make(chan string, len(slugs))
	for _, slug := range slugs {
		todo <- slug
	}
	close(todo)
	var (
		mu sync.Mutex
		w  = written{acked: map[string]bool{}}
		wg sync.WaitGroup
	)
	for range writers {
		wg.Go(func() {
			for slug := range todo {
				body := map[string]any{"title": "Crash " + strings.TrimPrefix(slug, "crash-"), "slug": slug, "visibility": "public"}
				status, got, err := s.Call(context.Background(), http.MethodPost, "/api/v1/posts", "Bearer "+key, body)
				if err == nil && status != http.StatusCreated {
					err = fmt.Errorf("answered %d: %s", status, got)
				}
				mu.Lock()
				switch {
				case err == nil:
					w.acked[slug] = true
				case ks != nil && ks.hasFired():
					w.failed = append(w.failed, slug)
				case w.err == nil:
					w.err = fmt.Errorf("post %s: %w", slug, err)
				}
				mu.Unlock()
				if err != nil {
					return
				}
				if ks != nil {
					ks.wrote()
				}
			}
		})
	}
	wg.Wait()
	return w
}

// killSwitch counts writes and requests, and fires once the count of its kind reaches the
// point it is armed with.
type killSwitch struct {
	kind               killKind
	at                 atomic.Int64 // math.MaxInt64 until armed
	writes, deliveries atomic.Int64
	fired              chan struct{}
	once               sync.Once
}

func newKillSwitch(kind killKind) *killSwitch {
	k := &killSwitch{kind: kind, fired: make(chan struct{})}
	k.at.Store(math.MaxInt64)
	return k
}

// arm sets the count at which k fires; it fires at once if the count is there already.
func (k *killSwitch) arm(n int64) {
	k.at.Store(n)
	k.check(k.counter(k.kind).Load())
}

func (k *killSwitch) wrote()     { k.count(killAfterWrites) }
func (k *killSwitch) delivered() { k.count(killAfterDeliveries) }

func (k *killSwitch) counter(kind killKind) *atomic.Int64 {
	if kind == killAfterWrites {
		return &k.writes
	}
	return &k.deliveries
}

func (k *killSwitch) count(kind killKind) {
	if n := k.counter(kind).Add(1); kind == k.kind {
		k.check(n)
	}
}

func (k *killSwitch) check(n int64) {
	if n >= k.at.Load() {
		k.once.Do(func() { close(k.fired) })
	}
}

func (k *killSwitch) hasFired() bool {
	select {
	case <-k.fired:
		return true
	default:
		return false
	}
}

// mustJSON sends a request as the test, checks the status and decodes the answer into out
// (nil: discard).
func mustJSON(t *testing.T, s *Server, method, path, auth string, body any, want int, out any) {
	t.Helper()
	status, got := s.Do(t, method, path, auth, body)
	if status != want {
		t.Fatalf("%s %s: %d (want %d): %s", method, path, status, want, got)
	}
	if out != nil {
		if err := json.Unmarshal(got, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, got)
		}
	}
}

// listAll reads every record of collection through PocketBase's records API as the owner,
// only the named fields, in pages of the API's maximum size.
func listAll[T any](t *testing.T, s *Server, token, collection, fields string) []T {
	t.Helper()
	const perPage = 1000
	var all []T
	for page := 1; ; page++ {
		var res struct{ Items []T }
		path := fmt.Sprintf("/api/collections/%s/records?page=%d&perPage=%d&skipTotal=1&sort=id&fields=%s",
			collection, page, perPage, fields)
		mustJSON(t, s, http.MethodGet, path, token, nil, http.StatusOK, &res)
		all = append(all, res.Items...)
		if len(res.Items) < perPage {
			return all
		}
	}
}

// unreceivedPending is how many pending deliveries no subscriber has received yet: those
// sure to come. A pending delivery may have been received already (a restarted server pushes
// at once, and records results after the receiver answered): it will not come again, so
// counting it would aim past the requests there are to count. Called after the kill switch
// counts, a delivery received meanwhile is left out here yet counted there: the aim can only
// fall short, never past the end.
func unreceivedPending(t *testing.T, s *Server, token string, subs *fleet) int {
	t.Helper()
	received := map[string]bool{}
	for _, sub := range subs.subs {
		for _, r := range sub.receipts() {
			received[strings.TrimPrefix(r.Delivery, "dlv_")] = true
		}
	}
	n := 0
	for page := 1; ; page++ {
		var res struct{ Items []struct{ ID string } }
		path := fmt.Sprintf("/api/collections/webhook_deliveries/records?page=%d&perPage=1000&skipTotal=1&sort=id&fields=id&filter=%s",
			page, url.QueryEscape("status = 'pending'"))
		mustJSON(t, s, http.MethodGet, path, token, nil, http.StatusOK, &res)
		for _, d := range res.Items {
			if !received[d.ID] {
				n++
			}
		}
		if len(res.Items) < 1000 {
			return n
		}
	}
}

// countWhere is the number of records of collection matching a PocketBase filter.
func countWhere(t *testing.T, s *Server, token, collection, filter string) int {
	t.Helper()
	var res struct{ TotalItems int }
	path := fmt.Sprintf("/api/collections/%s/records?perPage=1&fields=id&filter=%s", collection, url.QueryEscape(filter))
	mustJSON(t, s, http.MethodGet, path, token, nil, http.StatusOK, &res)
	return res.TotalItems
}

// tail is the end of a server's log, for failure messages.
func tail(log string) string {
	if len(log) > 4000 {
		return log[len(log)-4000:]
	}
	return log
}

func envInt(t *testing.T, name string, fallback int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return fallback
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}
