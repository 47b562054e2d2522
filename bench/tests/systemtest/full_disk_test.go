//go:build system

package systemtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fullDiskSize is the tmpfs the data directory lives on: room for the database and a few
// thousand posts, small enough to fill at once.
const fullDiskSize = "24m"

// recoveryLimit is how long the server may take to deliver what was pending once there is
// room again: a stall detector for a loaded machine, not a performance figure.
const recoveryLimit = 2 * time.Minute

// With the data directory's disk full (a tmpfs filled by a file while writes run), writes
// answer 507 insufficient_storage in the envelope, never a 500; reads keep working; nothing
// acknowledged is lost and nothing refused is half-written; the webhook sender neither loses an
// event nor spins; and once the file is deleted the same server process takes writes again and
// makes every pending delivery (issue 15, item 4b).
func TestFullDiskRefusesWritesAndRecoversByItself(t *testing.T) {
	disk := mountTmpfs(t, fullDiskSize)
	dir := filepath.Join(disk, "pb_data")
	_, rw := CreateKey(t, dir, "full disk writer", "read", "write")
	_, hooksKey := CreateKey(t, dir, "full disk webhooks", "write:webhooks")
	// One client address writes as fast as it can: the rate limits are not what is tested.
	s := Start(t, dir, "--rate-limits=off")
	token := s.OwnerToken(t, "owner@example.com", "full disk owner password")
	allowPrivateWebhooks(t, s, token)
	rcv := newWebhookReceiver(t, http.StatusOK)
	rcv.subscribe(t, s, hooksKey, "content.created")

	w := startPostWriters(s, rw, "while-filling", 4)
	WaitUntil(t, time.Minute, "20 acknowledged posts", func() bool { return w.count().acked >= 20 })
	filler := fillDisk(t, disk)
	WaitUntil(t, time.Minute, "a write refused with 507", func() bool { return w.count().refused > 0 })
	// Once the WAL has no room either, writes keep failing; let a few more be refused.
	refused := w.count().refused
	WaitUntil(t, time.Minute, "10 more writes refused", func() bool { return w.count().refused >= refused+10 })
	w.stop()
	full := w.count()
	if full.other != nil {
		t.Fatalf("a write on a full disk answered neither 201 nor 507: %v", full.other)
	}
	t.Logf("before and while full: %d posts acknowledged, %d refused with 507", full.acked, full.refused)

	// While full: other writes are refused in the envelope too (or saved: SQLite may still find
	// room in the WAL it already has), never a 500; reads work.
	for _, c := range []struct {
		name, path, auth string
		body             any
	}{
		{"webhook registration", "/api/v2/webhooks", "Bearer " + hooksKey, map[string]any{"url": rcv.URL + "/other", "events": []string{"content.deleted"}}},
		{"admin key", "/api/admin/api-keys", token, map[string]any{"name": "while full", "scopes": []string{"read"}}},
	} {
		status, got := s.Do(t, http.MethodPost, c.path, c.auth, c.body)
		if status != http.StatusCreated && (status != http.StatusInsufficientStorage || ErrorCode(got) != "insufficient_storage") {
			t.Errorf("%s on a full disk: %d %s, want 507 insufficient_storage (or 201)", c.name, status, got)
		}
	}
	for _, slug := range w.ackedSlugs()[:5] {
		if status, body := s.Get(t, "/api/v1/posts/"+slug, "Bearer "+rw); status != http.StatusOK {
			t.Fatalf("read %s on a full disk: %d %s", slug, status, body)
		}
	}
	if status, body := s.Get(t, "/api/v1/posts?limit=100", "Bearer "+rw); status != http.StatusOK {
		t.Fatalf("list on a full disk: %d %s", status, body)
	}

	// The sender does not spin: deliveries whose attempts cannot be recorded stay pending, and
	// it pushes them again after a pause that grows (1 s, 2 s, 4 s, ...), not as fast as the
	// receiver answers (before the pause, 1,300 pushes in 3 s here).
	pushed := len(rcv.pushes())
	HoldsFor(t, 5*time.Second, "at most 20 pushes while the disk is full", func() bool { return len(rcv.pushes())-pushed <= 20 })
	t.Logf("pushes in 5 s while full: %d; deliveries pending: %d", len(rcv.pushes())-pushed, countWhere(t, s, token, "webhook_deliveries", "status = 'pending'"))

	// Room again: the same process writes and delivers everything pending, without a restart.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	after := startPostWriters(s, rw, "room-again", 1)
	WaitUntil(t, time.Minute, "a write acknowledged after the disk had room again", func() bool { return after.count().acked > 0 })
	after.stop()
	if c := after.count(); c.other != nil || c.refused > 0 {
		t.Fatalf("writes after recovery: %d refused, %v", c.refused, c.other)
	}
	acked := append(w.ackedIDs(), after.ackedIDs()...)
	settled := WaitUntil(t, recoveryLimit, "no delivery pending", func() bool {
		return countWhere(t, s, token, "webhook_deliveries", "status = 'pending'") == 0
	})
	t.Logf("room again: nothing pending %v after the first acknowledged write (the sender's pause is at most 1 min)", settled.Round(time.Millisecond))

	// Nothing acknowledged lost, nothing refused written: exactly one content.created event
	// per acknowledged post, and no post beyond them.
	if got := countWhere(t, s, token, "posts", ""); got != len(acked) {
		t.Errorf("%d posts stored, %d acknowledged", got, len(acked))
	}
	for _, slug := range w.refusedSlugs() {
		if status, _ := s.Get(t, "/api/v1/posts/"+slug, "Bearer "+rw); status != http.StatusNotFound {
			t.Errorf("refused post %s: %d, want 404", slug, status)
		}
	}
	events := listAll[struct {
		ID   string
		Data struct{ ID string }
	}](t, s, token, "webhook_events", "id,data")
	eventOf := map[string]string{} // post id -> event id
	for _, ev := range events {
		eventOf[ev.Data.ID] = ev.ID
	}
	for _, id := range acked {
		if eventOf[id] == "" {
			t.Errorf("acknowledged post %s has no event", id)
		}
	}
	if len(events) != len(acked) {
		t.Errorf("%d events for %d acknowledged posts", len(events), len(acked))
	}
	// Every event delivered, each once per delivery id, signed.
	if n := countWhere(t, s, token, "webhook_deliveries", "status != 'succeeded'"); n != 0 {
		t.Errorf("%d deliveries did not succeed", n)
	}
	delivered := map[string]bool{}
	for _, p := range rcv.pushes() {
		if !p.Verified {
			t.Errorf("push %s of %s: signature does not verify", p.Delivery, p.Event)
		}
		delivered[p.Event] = true
	}
	for _, evID := range eventOf {
		if !delivered["evt_"+evID] {
			t.Errorf("event evt_%s never reached the receiver", evID)
		}
	}
	t.Logf("%d pushes received for %d events", len(rcv.pushes()), len(events))
}

// mountTmpfs mounts a tmpfs of size on a new temporary directory, unmounted when the test ends
// (after the server, started later, has stopped). The test skips where mounting is not
// allowed: it needs root, or CAP_SYS_ADMIN in a container.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("skipped: mounting a %s tmpfs for the full disk is not allowed here (needs root or CAP_SYS_ADMIN): %v: %s", size, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// fillDisk writes a file on the filesystem of dir until it has no room left, and returns its
// path.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, chunk := range []int{1 << 20, 4 << 10} { // big blocks, then what is left
		buf := make([]byte, chunk)
		for {
			if _, err := f.Write(buf); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return path
}

// postWriters create posts, slugs prefix-1, prefix-2, ..., until stopped and note every answer.
type postWriters struct {
	s      *Server
	key    string
	prefix string
	done   chan struct{}
	wg     sync.WaitGroup

	mu      sync.Mutex
	next    int
	acked   map[string]string // slug -> id
	refused []string          // slugs
	other   []string
}

// writeCount is what the writers got so far.
type writeCount struct {
	acked, refused int
	other          []string
}

func startPostWriters(s *Server, key, prefix string, n int) *postWriters {
	w := &postWriters{s: s, key: key, prefix: prefix, done: make(chan struct{}), acked: map[string]string{}}
	for range n {
		w.wg.Add(1)
		go w.run()
	}
	return w
}

func (w *postWriters) run() {
	defer w.wg.Done()
	client := &http.Client{Timeout: 30 * time.Second}
	for {
		select {
		case <-w.done:
			return
		default:
		}
		w.mu.Lock()
		w.next++
		slug := fmt.Sprintf("%s-%d", w.prefix, w.next)
		w.mu.Unlock()
		status, body, err := postJSON(client, w.s.Base+"/api/v1/posts", "Bearer "+w.key,
			map[string]any{"title": slug, "slug": slug, "content": "<p>Written while the disk fills.</p>", "visibility": "public", "draft": false})
		w.mu.Lock()
		switch {
		case err != nil:
			w.other = append(w.other, err.Error())
		case status == http.StatusCreated:
			var res struct{ Data struct{ ID string } }
			if json.Unmarshal(body, &res) != nil || res.Data.ID == "" {
				w.other = append(w.other, "201 without an id: "+string(body))
			} else {
				w.acked[slug] = res.Data.ID
			}
		case status == http.StatusInsufficientStorage && ErrorCode(body) == "insufficient_storage":
			w.refused = append(w.refused, slug)
		default:
			w.other = append(w.other, fmt.Sprintf("%d %s", status, body))
		}
		w.mu.Unlock()
	}
}

func (w *postWriters) stop() {
	close(w.done)
	w.wg.Wait()
}

func (w *postWriters) count() writeCount {
	w.mu.Lock()
	defer w.mu.Unlock()
	return writeCount{acked: len(w.acked), refused: len(w.refused), other: append([]string(nil), w.other...)}
}

func (w *postWriters) ackedSlugs() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for slug := range w.acked {
		out = append(out, slug)
	}
	return out
}

func (w *postWriters) ackedIDs() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, id := range w.acked {
		out = append(out, id)
	}
	return out
}

func (w *postWriters) refusedSlugs() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.refused...)
}

// postJSON sends body as JSON and returns the answer; it does not fail the test, so writers
// may run in goroutines.
func postJSON(c *http.Client, url, auth string, body any) (int, []byte, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return 0, nil, err
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", auth)
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	return res.StatusCode, got, err
}
