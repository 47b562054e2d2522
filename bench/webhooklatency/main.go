// Command webhooklatency measures push delivery against a running server on loopback: the
// time from a content write to its first delivery at a receiver (p50 and p99 over -writes
// sequential writes, one subscription), and deliveries per second with -subs subscriptions
// while -writers clients write concurrently. The server must allow private webhooks
// (site_settings.webhooks_allow_private) and run with --rate-limits=off.
//
//	go run ./bench/webhooklatency -url http://127.0.0.1:8090 -key svc_live_... -writes 1000
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

// receiver records when each post's content.created delivery first arrived.
type receiver struct {
	srv     *httptest.Server
	mu      sync.Mutex
	first   map[string]time.Time // post id → first arrival
	count   int
	arrived chan struct{}
}

func newReceiver() *receiver {
	r := &receiver{first: map[string]time.Time{}, arrived: make(chan struct{}, 1<<16)}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		at := time.Now()
		var body struct {
			Event string `json:"event"`
			Data  struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		raw, _ := io.ReadAll(req.Body)
		_ = json.Unmarshal(raw, &body)
		r.mu.Lock()
		if body.Event == "content.created" {
			if _, seen := r.first[body.Data.ID]; !seen {
				r.first[body.Data.ID] = at
				r.count++
				r.arrived <- struct{}{}
			}
		}
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	return r
}

type client struct {
	base, key string
	http      *http.Client
}

func (c client) post(path string, body any) (map[string]any, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, c.base+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]any{}
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("%s %s: %d %s", http.MethodPost, path, res.StatusCode, data)
	}
	return out, json.Unmarshal(data, &out)
}

func (c client) subscribe(url string) error {
	_, err := c.post("/api/v2/webhooks", map[string]any{"url": url, "events": []string{"content.created"}})
	return err
}

func (c client) writePost(i int) (string, error) {
	out, err := c.post("/api/v1/posts", map[string]any{"title": fmt.Sprintf("Latency post %d", i), "visibility": "public"})
	if err != nil {
		return "", err
	}
	data, _ := out["data"].(map[string]any)
	id, _ := data["id"].(string)
	return id, nil
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8090", "server base URL (loopback only)")
	key := flag.String("key", "", "API key with the write and webhooks scopes")
	writes := flag.Int("writes", 1000, "sequential writes for the latency figure")
	subs := flag.Int("subs", 10, "subscriptions for the throughput figure")
	perSub := flag.Int("throughput-writes", 500, "writes for the throughput figure")
	writers := flag.Int("writers", 4, "concurrent writers for the throughput figure")
	flag.Parse()
	if !strings.HasPrefix(*base, "http://127.") {
		fmt.Fprintln(os.Stderr, "webhooklatency targets loopback only")
		os.Exit(2)
	}
	c := client{base: *base, key: *key, http: &http.Client{Timeout: 10 * time.Second}}
	if err := run(c, *writes, *subs, *perSub, *writers); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		os.Exit(1)
	}
}

func run(c client, writes, subs, throughputWrites, writers int) error {
	// Latency: one subscription, sequential writes, each waited for.
	one := newReceiver()
	defer one.srv.Close()
	if err := c.subscribe(one.srv.URL); err != nil {
		return err
	}
	var fromRequest, fromResponse []time.Duration
	for i := 0; i < writes; i++ {
		start := time.Now()
		id, err := c.writePost(i)
		if err != nil {
			return err
		}
		done := time.Now()
		if err := waitFor(one, id, 5*time.Second); err != nil {
			return err
		}
		one.mu.Lock()
		at := one.first[id]
		one.mu.Unlock()
		fromRequest = append(fromRequest, at.Sub(start))
		fromResponse = append(fromResponse, at.Sub(done))
	}
	fmt.Printf("latency over %d writes, write request sent → first delivery received: p50 %s, p99 %s, max %s\n",
		writes, pct(fromRequest, 50), pct(fromRequest, 99), pct(fromRequest, 100))
	fmt.Printf("  201 received → first delivery received (negative: delivered before the client had its 201): p50 %s, p99 %s\n",
		pct(fromResponse, 50), pct(fromResponse, 99))

	// Throughput: more subscriptions, concurrent writers, count deliveries until all arrived.
	recvs := []*receiver{one}
	for len(recvs) < subs {
		r := newReceiver()
		defer r.srv.Close()
		if err := c.subscribe(r.srv.URL); err != nil {
			return err
		}
		recvs = append(recvs, r)
	}
	before := make([]int, len(recvs))
	for i, r := range recvs {
		r.mu.Lock()
		before[i] = r.count
		r.mu.Unlock()
	}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < throughputWrites; i += writers {
				if _, err := c.writePost(writes + i); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	writesDone := time.Since(start)
	deadline := time.Now().Add(120 * time.Second)
	for i, r := range recvs {
		for {
			r.mu.Lock()
			got := r.count - before[i]
			r.mu.Unlock()
			if got >= throughputWrites {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("receiver %d got %d of %d deliveries", i, got, throughputWrites)
			}
			select {
			case <-r.arrived:
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	elapsed := time.Since(start)
	total := throughputWrites * len(recvs)
	fmt.Printf("throughput: %d writes by %d writers in %s, %d deliveries to %d subscriptions all received after %s: %.0f deliveries/s\n",
		throughputWrites, writers, writesDone.Round(time.Millisecond), total, len(recvs), elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
	return nil
}

func waitFor(r *receiver, id string, limit time.Duration) error {
	deadline := time.After(limit)
	for {
		r.mu.Lock()
		_, ok := r.first[id]
		r.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-r.arrived:
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			return fmt.Errorf("post %s: no delivery within %s", id, limit)
		}
	}
}

func pct(d []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s)*p + 99) / 100
	if i < 1 {
		i = 1
	}
	if i > len(s) {
		i = len(s)
	}
	return s[i-1].Round(10 * time.Microsecond)
}
