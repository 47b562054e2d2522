//go:build system

package systemtest

import (
	"bufio"
	"encoding/json"
	"errors"
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

// listenArrival is how long a new event may take to reach the local receiver: one turn of the
// listener's polls (3 s for one event type) plus slack for a loaded machine.
const listenArrival = 20 * time.Second

// `webhooks listen` (issue 14) follows a real server's events from their start, forwards each
// one once to a local receiver, signed with the secret it printed first (a published Standard
// Webhooks library verifies it), needs no data directory, and stops cleanly on Ctrl-C.
func TestWebhooksListenForwardsSignedEvents(t *testing.T) {
	dir := t.TempDir()
	_, reader := CreateKey(t, dir, "listener", "read")
	_, writer := CreateKey(t, dir, "writer", "write")
	s := Start(t, dir, "--rate-limits=off")
	post := func(title string) {
		if status, body := s.Do(t, http.MethodPost, "/api/v1/posts", "Bearer "+writer, map[string]any{"title": title, "visibility": "public"}); status != http.StatusCreated {
			t.Fatalf("POST /api/v1/posts: %d %s", status, body)
		}
	}
	post("Before the listener") // not forwarded: the listener starts from now

	var (
		mu       sync.Mutex
		verifier *standardwebhooks.Webhook
		arrived  = map[string]int{} // event id -> forwards
		titles   []string
		problems []string
	)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		if err := verifier.Verify(body, r.Header); err != nil {
			problems = append(problems, "signature: "+err.Error())
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
			problems = append(problems, "body: "+err.Error())
		}
		if r.Header.Get("webhook-id") == "" || r.Header.Get("X-Service-Event") != "content.created" {
			problems = append(problems, "headers: "+r.Header.Get("webhook-id")+" "+r.Header.Get("X-Service-Event"))
		}
		arrived[ev.ID]++
		titles = append(titles, ev.Data.Title)
	}))
	defer receiver.Close()

	cwd := t.TempDir()
	cmd := exec.Command(Binary(t), "webhooks", "listen", "--server", s.Base, "--forward-to", receiver.URL+"/webhook",
		"--events", "content.created")
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "CCA_API_KEY="+reader)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := &lockedBuffer{}
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for n := 0; sc.Scan(); n++ {
			if n == 0 {
				first <- sc.Text()
			}
			lines.Write([]byte(sc.Text() + "\n"))
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })

	var secretLine string
	select {
	case secretLine = <-first:
	case <-time.After(listenArrival):
		t.Fatalf("the listener printed nothing:\n%s", lines.String())
	}
	secret := secretLine[strings.Index(secretLine, "whsec_"):]
	if strings.Contains(lines.String(), reader) {
		t.Error("the listener printed the key")
	}
	mu.Lock()
	verifier, err = standardwebhooks.NewWebhook(secret)
	mu.Unlock()
	if err != nil {
		t.Fatalf("first line %q: %v", secretLine, err)
	}
	WaitUntil(t, listenArrival, "the listener's start", func() bool { return strings.Contains(lines.String(), "Forwarding") })

	count := func(n int) func() bool {
		return func() bool { mu.Lock(); defer mu.Unlock(); return len(titles) >= n }
	}
	for _, title := range []string{"One", "Two", "Three"} {
		post(title)
	}
	WaitUntil(t, listenArrival, "three forwards", count(3))
	post("Four") // arrives after polls that saw the first three again: a repeat would show
	WaitUntil(t, listenArrival, "the fourth forward", count(4))

	mu.Lock()
	// Events of one millisecond come in id order, so only "Four" has a known place.
	got := slices.Clone(titles[:3])
	slices.Sort(got)
	if strings.Join(got, ",") != "One,Three,Two" || titles[3] != "Four" || len(problems) > 0 {
		t.Errorf("received %v, problems %v", titles, problems)
	}
	for id, n := range arrived {
		if n != 1 {
			t.Errorf("%s forwarded %d times", id, n)
		}
	}
	mu.Unlock()
	if got := strings.Count(lines.String(), "content.created  evt_"); got != 4 || !strings.Contains(lines.String(), "→ 200 (") {
		t.Errorf("%d event lines:\n%s", got, lines.String())
	}

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if errors.As(err, &exit) || err != nil {
			t.Errorf("after Ctrl-C: %v\n%s", err, lines.String())
		}
	case <-time.After(listenArrival):
		t.Fatalf("the listener did not stop on SIGINT:\n%s", lines.String())
	}
	if _, err := os.Stat(filepath.Join(cwd, "pb_data")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the listener made a data directory in its working directory: %v", err)
	}
}
