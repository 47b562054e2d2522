//go:build system

package sender_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/sender"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Receivers that misbehave, against the dispatcher with its real workers and a short attempt
// time-out: whatever the receiver does, the attempt ends within the time-out, is counted and
// scheduled by the rules, says what went wrong without leaking the secret, and other
// subscribers go on receiving. (package wire's TestSend covers the same answers one level
// down, on wire.Send alone.)
//
// They assert wall-clock bounds and push 100 MiB bodies, so they are system tests (build tag
// `system`), run by CI's system-test step:
//
//	GOTOOLCHAIN=auto go test -tags system -count=1 ./hooks/webhooks/

// faultTimeout is the attempt time-out of these tests: short, so a hanging receiver costs
// little, and long enough for a loopback answer under -race on a busy machine.
const faultTimeout = 500 * time.Millisecond

// faultSlack is how much longer than the time-out a whole attempt may take: the database
// work around it, on a loaded machine.
const faultSlack = 2 * time.Second

// trickleEvery paces the receivers that answer byte by byte.
const trickleEvery = 10 * time.Millisecond

// faultServer serves h on 127.0.0.1 until the test ends and returns its base URL. done is
// closed first, so handlers that would go on forever stop.
func faultServer(t *testing.T, h func(w http.ResponseWriter, r *http.Request, done <-chan struct{})) string {
	t.Helper()
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h(w, r, done) }))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) }) // runs before Close, which waits for the handlers
	return srv.URL
}

// hijack reads the request's body and takes over its connection.
func hijack(t *testing.T, w http.ResponseWriter, r *http.Request) (net.Conn, *bufio.ReadWriter) {
	io.Copy(io.Discard, r.Body)
	conn, rw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		t.Errorf("hijack: %v", err)
	}
	return conn, rw
}

// trickle writes s one byte per tick, then the same byte again and again, until a write
// fails (the sender hung up) or the test ends.
func trickle(write func([]byte) error, s string, done <-chan struct{}) {
	tick := time.NewTicker(trickleEvery)
	defer tick.Stop()
	for i := 0; ; i++ {
		if write([]byte{s[min(i, len(s)-1)]}) != nil {
			return
		}
		select {
		case <-tick.C:
		case <-done:
			return
		}
	}
}

// The misbehaving receivers; each returns its URL.

func neverAnswers(t *testing.T) string { return newBlockingReceiver(t).URL }

func resetsTheConnection(t *testing.T) string {
	return faultServer(t, func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
		conn, _ := hijack(t, w, r)
		conn.(*net.TCPConn).SetLinger(0) // close with RST
		conn.Close()
	})
}

func hangsUpWithoutAnswering(t *testing.T) string {
	return faultServer(t, func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
		conn, _ := hijack(t, w, r)
		conn.Close()
	})
}

func tricklesItsStatusLine(t *testing.T) string {
	return faultServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		conn, rw := hijack(t, w, r)
		defer conn.Close()
		trickle(func(b []byte) error { rw.Write(b); return rw.Flush() }, "HTTP/1.1 200 OK\r\nX-Slow: ", done)
	})
}

func answers200ThenTricklesItsBody(t *testing.T) string {
	return faultServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		trickle(func(b []byte) error {
			if _, err := w.Write(b); err != nil {
				return err
			}
			return rc.Flush()
		}, "slow", done)
	})
}

func echoesTheRequestIn500(t *testing.T) string {
	return faultServer(t, func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
		w.WriteHeader(http.StatusInternalServerError)
		r.Header.Write(w)
		io.Copy(w, r.Body)
	})
}

// redirects answers 307 to its own /elsewhere, and fails the test if it is followed there.
func redirects(t *testing.T) string {
	rcv := apitest.NewReceiver(t)
	rcv.Reply(apitest.Reply{Status: http.StatusTemporaryRedirect, Header: map[string]string{"Location": rcv.URL + "/elsewhere"}})
	t.Cleanup(func() {
		if n := len(rcv.Received()); n != 1 {
			t.Errorf("the redirecting receiver got %d requests, want 1", n)
		}
	})
	return rcv.URL
}

// answersOnce answers reply to the first request and 204 to the next.
func answersOnce(reply apitest.Reply) func(t *testing.T) string {
	return func(t *testing.T) string {
		rcv := apitest.NewReceiver(t)
		rcv.Reply(reply)
		return rcv.URL
	}
}

// attemptRecord is what the first attempt leaves on the delivery and its subscription.
type attemptRecord struct {
	status    string
	code      int
	lastError string        // "{{URL}}" stands for the subscription's URL
	next      time.Duration // from the attempt to next_attempt_at; 0: none
	failures  int
	enabled   bool
}

func TestReceiverFaultsAreBoundedCountedAndScheduled(t *testing.T) {
	t.Parallel()
	retry := wire.RetryDelays()[0]
	tests := []struct {
		name     string
		receiver func(t *testing.T) string
		want     attemptRecord
		then     func(t *testing.T, h *apitest.Harness, sub *core.Record) // after the first attempt
	}{
		{name: "never answers", receiver: neverAnswers, want: attemptRecord{status: "pending", lastError: "timeout", next: retry, failures: 1, enabled: true}},
		{name: "resets the connection", receiver: resetsTheConnection, want: attemptRecord{status: "pending", lastError: "connection reset", next: retry, failures: 1, enabled: true}},
		{name: "hangs up without answering", receiver: hangsUpWithoutAnswering, want: attemptRecord{status: "pending", lastError: "connection closed by receiver", next: retry, failures: 1, enabled: true}},
		{name: "trickles its status line", receiver: tricklesItsStatusLine, want: attemptRecord{status: "pending", lastError: "timeout", next: retry, failures: 1, enabled: true}},
		// The status line is the receiver's answer; the body it never finishes is cut at the
		// time-out and does not change it.
		{name: "answers 200, then trickles its body past the time-out", receiver: answers200ThenTricklesItsBody, want: attemptRecord{status: "succeeded", code: 200, enabled: true}},
		{
			name:     "echoes the request in a 500",
			receiver: echoesTheRequestIn500,
			want:     attemptRecord{status: "pending", code: 500, lastError: "HTTP 500", next: retry, failures: 1, enabled: true},
			then: func(t *testing.T, h *apitest.Harness, sub *core.Record) { // the secret check below saw the echo
				if ex := webhooktest.OnlyDelivery(t, h.App, sub).GetString("response_excerpt"); !strings.Contains(ex, "X-Service-Signature: sha256=") {
					t.Errorf("response excerpt %q", ex)
				}
			},
		},
		{name: "redirects", receiver: redirects, want: attemptRecord{status: "pending", code: 307, lastError: "redirect to {{URL}}/elsewhere not followed", next: retry, failures: 1, enabled: true}},
		{
			name:     "answers 410 Gone",
			receiver: answersOnce(apitest.Reply{Status: http.StatusGone}),
			want:     attemptRecord{status: "failed", code: 410, lastError: "HTTP 410", failures: 1},
			then: func(t *testing.T, h *apitest.Harness, sub *core.Record) {
				webhooktest.NewPost(t, h.App, "after-410")
				if n := webhooktest.RunDue(t, h); n != 0 {
					t.Errorf("%d attempts to the switched-off subscription", n)
				}
			},
		},
		{
			name:     "answers 429 with Retry-After: 3600",
			receiver: answersOnce(apitest.Reply{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "3600"}}),
			want:     attemptRecord{status: "pending", code: 429, lastError: "HTTP 429", next: time.Hour, failures: 1, enabled: true},
			then: func(t *testing.T, h *apitest.Harness, sub *core.Record) {
				h.Clock.Advance(time.Hour - time.Millisecond) // the schedule's +1 min is long past
				if n := webhooktest.RunDue(t, h); n != 0 {
					t.Errorf("%d attempts before the Retry-After was up", n)
				}
				h.Clock.Advance(time.Millisecond)
				if n := webhooktest.RunDue(t, h); n != 1 {
					t.Errorf("%d attempts once the Retry-After was up, want 1", n)
				}
				if d := webhooktest.OnlyDelivery(t, h.App, sub); d.GetString("status") != "succeeded" || d.GetInt("attempt") != 2 {
					t.Errorf("after the retry: %v", d.FieldsData())
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := webhooktest.NewHarness(t, apitest.Options{Hooks: func(c *hooks.Config) { c.Webhooks.AttemptTimeout = faultTimeout }})
			url := tt.receiver(t)
			sub, secret := webhooktest.Subscribe(t, h.App, url)

			start := time.Now()
			webhooktest.NewPost(t, h.App, "fault") // the commit's kick starts the attempt on a worker
			webhooktest.RunDue(t, h)               // and this waits for it
			took := time.Since(start)
			t.Logf("the attempt and its bookkeeping took %v (time-out %v)", took.Round(time.Millisecond), faultTimeout)
			if took > faultTimeout+faultSlack {
				t.Errorf("the attempt took %v, time-out %v", took, faultTimeout)
			}
			dlv := webhooktest.OnlyDelivery(t, h.App, sub)
			sub = webhooktest.Reload(t, h.App, sub)
			want := tt.want
			want.lastError = strings.ReplaceAll(want.lastError, "{{URL}}", url)
			got := attemptRecord{
				status:    dlv.GetString("status"),
				code:      dlv.GetInt("last_status_code"),
				lastError: dlv.GetString("last_error"),
				failures:  sub.GetInt("failure_count"),
				enabled:   sub.GetBool("enabled"),
			}
			if next := dlv.GetDateTime("next_attempt_at"); !next.IsZero() {
				got.next = next.Time().Sub(h.Clock.Now())
			}
			if got != want || dlv.GetInt("attempt") != 1 {
				t.Errorf("after the attempt\n got %+v, attempt %d\nwant %+v, attempt 1", got, dlv.GetInt("attempt"), want)
			}
			key, _ := strings.CutPrefix(secret, wire.SecretPrefix)
			for _, field := range []string{"last_error", "response_excerpt"} {
				if v := dlv.GetString(field); strings.Contains(v, key) {
					t.Errorf("%s holds the signing secret: %q", field, v)
				}
			}
			if tt.then != nil {
				tt.then(t, h, sub)
			}
		})
	}
}

func TestHugeResponseBodyIsReadOnlyUpToTheCap(t *testing.T) {
	// Not parallel: it measures the process's memory, and parallel tests wait while it runs.
	const size = 100 << 20
	h := webhooktest.NewHarness(t, apitest.Options{Hooks: func(c *hooks.Config) { c.Webhooks.AttemptTimeout = 5 * time.Second }})
	var written atomic.Int64
	chunk := []byte(strings.Repeat("a", 64<<10))
	url := faultServer(t, func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Length", strconv.Itoa(size))
		for n := 0; n < size; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return // the sender hung up, as it should
			}
			written.Add(int64(len(chunk)))
		}
	})
	sub, _ := webhooktest.Subscribe(t, h.App, url)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	webhooktest.NewPost(t, h.App, "huge")
	webhooktest.RunDue(t, h)
	took := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)

	allocated := after.TotalAlloc - before.TotalAlloc
	heapGrowth := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%s: receiver could write %d KiB of %d MiB; %v; allocated %d KiB, heap %+d KiB",
		t.Name(), written.Load()>>10, size>>20, took.Round(time.Millisecond), allocated>>10, heapGrowth>>10)
	dlv := webhooktest.OnlyDelivery(t, h.App, sub)
	if ex := dlv.GetString("response_excerpt"); dlv.GetString("status") != "succeeded" || ex == "" || len(ex) > wire.MaxExcerpt || strings.Trim(ex, "a") != "" {
		t.Errorf("delivery: status %s, excerpt of %d bytes", dlv.GetString("status"), len(ex))
	}
	// What the receiver got written is what the sender read plus the sockets' buffers.
	if n := written.Load(); n > 16<<20 {
		t.Errorf("the receiver wrote %d MiB before the sender hung up; it reads at most %d KiB", n>>20, wire.MaxResponseRead>>10)
	}
	if allocated > 16<<20 || heapGrowth > 8<<20 {
		t.Errorf("the attempt allocated %d MiB and grew the heap by %d MiB for a %d MiB answer", allocated>>20, heapGrowth>>20, size>>20)
	}
	if took > 5*time.Second {
		t.Errorf("the attempt took %v", took)
	}
}

func TestHealthySubscriberIsNotHeldUpByManyHangingOnes(t *testing.T) {
	t.Parallel()
	const timeout = 5 * time.Second
	h := webhooktest.NewHarness(t, apitest.Options{Hooks: func(c *hooks.Config) { c.Webhooks.AttemptTimeout = timeout }})
	var slow []*blockingReceiver
	hang := func(n int) {
		for range n {
			r := newBlockingReceiver(t)
			webhooktest.Subscribe(t, h.App, r.URL)
			slow = append(slow, r)
		}
	}
	// First every worker is held by a receiver that never answers.
	hang(sender.DefaultWorkers)
	webhooktest.NewPost(t, h.App, "fill")
	for _, r := range slow {
		r.wait(t)
	}
	// Then more hanging receivers and a healthy one subscribe, and posts follow.
	hang(2)
	healthy := apitest.NewReceiver(t)
	webhooktest.Subscribe(t, h.App, healthy.URL)
	const posts = 5
	start := time.Now()
	for i := range posts {
		webhooktest.NewPost(t, h.App, "hang-"+strconv.Itoa(i))
	}
	for range posts {
		healthy.Next()
	}
	took := time.Since(start)
	if took >= timeout {
		t.Fatalf("the healthy subscriber waited %v for its deliveries, the hanging ones' whole time-out", took)
	}
	held := 0
	for _, r := range slow {
		n := r.mostAtOnce()
		if n > sender.DefaultPerSubscription {
			t.Errorf("a hanging receiver had %d requests at once, over its share of %d", n, sender.DefaultPerSubscription)
		}
		held += n
	}
	t.Logf("%s: the healthy subscriber had its %d deliveries after %v, while %d hanging receivers held %d requests",
		t.Name(), posts, took.Round(time.Millisecond), len(slow), held)
}
