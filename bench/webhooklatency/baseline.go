package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// bareWorkers is how many requests the bare sender has in flight: the server's dispatcher
// workers (hooks/webhooks/sender.DefaultWorkers).
const bareWorkers = 64

// bareFigures is the baseline phase's result: what the receivers and loopback take from a
// sender that does nothing but send.
type bareFigures struct {
	requests int
	took     time.Duration
	latency  []time.Duration // each request, sent → answered
}

// bare is the baseline of the delivery figures, measured in the same run: a plain net/http
// client posts the bytes of a real delivery (captured by the fleet) to the same receivers,
// n requests round-robin over them from bareWorkers goroutines, with at most 2 connections a
// receiver kept open as the server keeps 2 attempts a subscription. No database, no signing,
// no bookkeeping: the ceiling any sender on this machine could reach, and its round trip the
// floor of commit → first attempt. Its event name makes the receivers ignore it in every count.
func bare(f *fleet, n int) (bareFigures, error) {
	body, urls := f.sampleBody(), f.urls()
	if body == nil {
		return bareFigures{}, fmt.Errorf("baseline: no delivery was received to copy")
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = 2
	client := &http.Client{Timeout: 10 * time.Second, Transport: transport}
	defer transport.CloseIdleConnections()

	latency := make([]time.Duration, n)
	var next atomic.Int64
	var (
		mu     sync.Mutex
		failed error // the first request that failed
	)
	var wg sync.WaitGroup
	start := time.Now()
	for range bareWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				sent := time.Now()
				res, err := client.Post(urls[i%len(urls)], "application/json", bytes.NewReader(body))
				if err != nil {
					mu.Lock()
					failed = cmp.Or(failed, err)
					mu.Unlock()
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				latency[i] = time.Since(sent)
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return bareFigures{}, fmt.Errorf("baseline: %w", failed)
	}
	return bareFigures{requests: n, took: time.Since(start), latency: latency}, nil
}

func (b bareFigures) perSecond() float64 { return float64(b.requests) / b.took.Seconds() }

func (b bareFigures) print(receivers int) {
	fmt.Printf("(d) baseline, a bare net/http sender: %d requests of a delivery's bytes to the same %d receivers, %d at once: %.0f requests/s; round trip p50 %s, p99 %s\n",
		b.requests, receivers, bareWorkers, b.perSecond(), pct(b.latency, 50), pct(b.latency, 99))
}
