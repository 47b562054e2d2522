//go:build system

package systemtest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// listenArrival bounds each wait for the listener (its start, a forward), so that a broken
// listener fails instead of hanging; the forwards' latency is measured, and held to 1 s at the
// 99th percentile.
const listenArrival = 20 * time.Second

// listenLatencyP99 is the bound: an event is forwarded within 1 s of its write.
const listenLatencyP99 = time.Second

// receiver is a local webhook receiver that verifies each forward with a published Standard
// Webhooks library and records the titles in arrival order.
type receiver struct {
	mu       sync.Mutex
	verifier *standardwebhooks.Webhook
	arrived  map[string]int // event id -> forwards
	titles   []string
	problems []string
	srv      *httptest.Server
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{arrived: map[string]int{}}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.verifier == nil {
			r.problems = append(r.problems, "a forward before the secret was printed")
			return
		}
		if err := r.verifier.Verify(body, req.Header); err != nil {
			r.problems = append(r.problems, "signature: "+err.Error())
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ev struct {
			ID   string `json:"id"`
			Data struct {
				Title string `json:"title"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &ev); err != nil {
			r.problems = append(r.problems, "body: "+err.Error())
		}
		if req.Header.Get("webhook-id") == "" || req.Header.Get("X-Service-Event") != "content.created" {
			r.problems = append(r.problems, "headers: "+req.Header.Get("webhook-id")+" "+req.Header.Get("X-Service-Event"))
		}
		r.arrived[ev.ID]++
		r.titles = append(r.titles, ev.Data.Title)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.titles)
}

// check requires exactly the titles want, in that order, each event once, all verified.
func (r *receiver) check(t *testing.T, want []string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if !slices.Equal(r.titles, want) || len(r.problems) > 0 {
		t.Errorf("received %v, want %v; problems %v", r.titles, want, r.problems)
	}
	for id, n := range r.arrived {
		if n != 1 {
			t.Errorf("%s forwarded %d times", id, n)
		}
	}
}

// listener is a running `webhooks listen`.
type listener struct {
	cmd    *exec.Cmd
	lines  *lockedBuffer
	exited chan error
}

// startListener runs `webhooks listen` with key against base, forwarding to r, with extra
// flags, and sets r's verifier from the secret on its first line.
func startListener(t *testing.T, base, key string, r *receiver, flags ...string) *listener {
	t.Helper()
	cwd := t.TempDir()
	args := append([]string{"webhooks", "listen", "--server", base, "--forward-to", r.srv.URL + "/webhook"}, flags...)
	cmd := exec.Command(Binary(t), args...)
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "CCA_API_KEY="+key)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	l := &listener{cmd: cmd, lines: &lockedBuffer{}, exited: make(chan error, 1)}
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for n := 0; sc.Scan(); n++ {
			if n == 0 {
				first <- sc.Text()
			}
			l.lines.Write([]byte(sc.Text() + "\n"))
		}
		l.exited <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })
	var secretLine string
	select {
	case secretLine = <-first:
	case <-time.After(listenArrival):
		t.Fatalf("the listener printed nothing:\n%s", l.lines.String())
	}
	if strings.Contains(l.lines.String(), key) {
		t.Error("the listener printed the key")
	}
	verifier, err := standardwebhooks.NewWebhook(secretLine[strings.Index(secretLine, "whsec_"):])
	if err != nil {
		t.Fatalf("first line %q: %v", secretLine, err)
	}
	r.mu.Lock()
	r.verifier = verifier
	r.mu.Unlock()
	WaitUntil(t, listenArrival, "the listener's stream", func() bool { return strings.Contains(l.lines.String(), "Ready: connected") })
	if _, err := os.Stat(filepath.Join(cwd, "pb_data")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the listener made a data directory in its working directory: %v", err)
	}
	return l
}

// stop sends Ctrl-C and requires a clean exit.
func (l *listener) stop(t *testing.T) {
	t.Helper()
	if err := l.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-l.exited:
		if err != nil {
			t.Errorf("after Ctrl-C: %v\n%s", err, l.lines.String())
		}
	case <-time.After(listenArrival):
		t.Fatalf("the listener did not stop on SIGINT:\n%s", l.lines.String())
	}
}

// `webhooks listen` follows a real server's event stream: each event forwarded once, in
// order, within a second (p99 over 100 writes, some by a second server on the same data
// directory), signed with the secret it printed first; a restart of the server in the middle
// loses and repeats nothing; --since replays through the stream; it needs no data directory
// and stops cleanly on Ctrl-C.
func TestWebhooksListenForwardsSignedEvents(t *testing.T) {
	dir := t.TempDir()
	_, reader := CreateKey(t, dir, "listener", "read")
	_, writer := CreateKey(t, dir, "writer", "write")
	s := Start(t, dir, "--rate-limits=off")
	second := Start(t, dir, "--rate-limits=off")
	post := func(via *Server, title string) {
		t.Helper()
		if status, body := via.Do(t, http.MethodPost, "/api/v1/posts", "Bearer "+writer, map[string]any{"title": title, "visibility": "public"}); status != http.StatusCreated {
			t.Fatalf("POST /api/v1/posts: %d %s", status, body)
		}
	}
	before := time.Now().Add(-time.Second)
	post(s, "Before the listener") // not forwarded: the listener starts from now

	live := newReceiver(t)
	l := startListener(t, s.Base, reader, live, "--events", "content.created")
	var want []string
	var latencies []time.Duration
	for i := range 100 {
		via := s
		if i%4 == 3 {
			via = second // a quarter written by another process
		}
		title := fmt.Sprintf("Live %d", i)
		began := time.Now()
		post(via, title)
		want = append(want, title)
		WaitUntil(t, listenArrival, title+"'s forward", func() bool { return live.count() == len(want) })
		latencies = append(latencies, time.Since(began))
	}
	slices.Sort(latencies)
	p50, p99 := latencies[len(latencies)/2], latencies[len(latencies)*99/100-1]
	t.Logf("webhooks listen, write sent -> forward received, %d events: p50 %v, p99 %v, max %v",
		len(latencies), p50.Round(time.Millisecond), p99.Round(time.Millisecond), latencies[len(latencies)-1].Round(time.Millisecond))
	if p99 > listenLatencyP99 {
		t.Errorf("p99 %v, over %v", p99, listenLatencyP99)
	}

	s = s.Restart(t) // the stream drops; what is written meanwhile comes after the reconnect
	for _, title := range []string{"During the restart 1", "During the restart 2"} {
		post(second, title)
		want = append(want, title)
	}
	WaitUntil(t, listenArrival, "the forwards after the restart", func() bool { return live.count() == len(want) })
	post(s, "After the restart")
	want = append(want, "After the restart")
	WaitUntil(t, listenArrival, "the last forward", func() bool { return live.count() == len(want) })
	live.check(t, want)
	if !strings.Contains(l.lines.String(), "Reconnected: resuming after evt_") {
		t.Errorf("no reconnection line:\n%s", l.lines.String())
	}
	if got := strings.Count(l.lines.String(), "content.created  evt_"); got != len(want) || !strings.Contains(l.lines.String(), "→ 200 (") {
		t.Errorf("%d event lines:\n%s", got, l.lines.String())
	}
	l.stop(t)

	// --since replays every event from then, oldest first, then goes on live.
	replay := newReceiver(t)
	rl := startListener(t, s.Base, reader, replay, "--events", "content.created", "--since", before.UTC().Format(time.RFC3339Nano))
	want = append([]string{"Before the listener"}, want...)
	WaitUntil(t, listenArrival, "the replay", func() bool { return replay.count() == len(want) })
	post(s, "After the replay")
	want = append(want, "After the replay")
	WaitUntil(t, listenArrival, "the replay's live forward", func() bool { return replay.count() == len(want) })
	replay.check(t, want)
	rl.stop(t)
}
