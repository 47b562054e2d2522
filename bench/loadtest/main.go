// Command loadtest drives a running server with many concurrent clients, each from its own
// loopback address (127.0.0.0/8 is all loopback on Linux), and checks that the rate limits
// answer exactly: per address, the number of 200s is the tier's burst plus its rate times the
// run's length, everything else is a 429 in the envelope with Retry-After, and nothing is a 5xx.
// It stops by itself after -duration.
//
//	go run ./bench/loadtest -url http://127.0.0.1:8090 -key svc_live_... -clients 200 -duration 60s
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

type tally struct {
	ok, limited, other, server int
	badLimited                 int // 429s without Retry-After or the envelope
	firstOther                 string
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8090", "server base URL (loopback only)")
	key := flag.String("key", "", "API key with the read scope")
	path := flag.String("path", "/api/v1/profile", "path to call")
	clients := flag.Int("clients", 200, "concurrent clients, each from its own loopback address")
	duration := flag.Duration("duration", 60*time.Second, "how long to run")
	rate := flag.Float64("rate", 60, "the tier's requests per minute, for the expected count")
	burst := flag.Int("burst", 10, "the tier's burst, for the expected count")
	pid := flag.Int("pid", 0, "server process id, to report its memory")
	every := flag.Duration("rss-every", time.Minute, "with -pid, how often to print the server's memory during the run")
	flag.Parse()
	if !strings.HasPrefix(*base, "http://127.") && !strings.HasPrefix(*base, "http://localhost") {
		fmt.Fprintln(os.Stderr, "loadtest targets loopback only")
		os.Exit(2)
	}

	rssBefore := memory(*pid, "VmRSS:")
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	start := time.Now()
	if *pid > 0 {
		go printMemory(ctx, *pid, start, *every)
	}
	results := make([]tally, *clients)
	var wg sync.WaitGroup
	for i := 0; i < *clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			results[i] = hammer(ctx, clientFor(i), *base+*path, *key)
		}(i)
	}
	wg.Wait()
	elapsed := time.Since(start)

	expected := float64(*burst) + *rate/60*elapsed.Seconds()
	var total tally
	var oks []int
	exact := 0
	for _, r := range results {
		total.ok += r.ok
		total.limited += r.limited
		total.other += r.other
		total.server += r.server
		total.badLimited += r.badLimited
		if r.firstOther != "" && total.firstOther == "" {
			total.firstOther = r.firstOther
		}
		oks = append(oks, r.ok)
		// A bucket read at a whole token boundary may allow one more or one fewer.
		if float64(r.ok) >= expected-1.01 && float64(r.ok) <= expected+1.01 {
			exact++
		}
	}
	sort.Ints(oks)
	fmt.Printf("clients %d for %s: %d requests, %d ok, %d rate-limited, %d other, %d 5xx\n",
		*clients, elapsed.Round(time.Millisecond), total.ok+total.limited+total.other+total.server,
		total.ok, total.limited, total.other, total.server)
	fmt.Printf("200s per address: min %d, median %d, max %d; expected %.1f (burst %d + %.0f/min); %d/%d addresses within ±1\n",
		oks[0], oks[len(oks)/2], oks[len(oks)-1], expected, *burst, *rate, exact, *clients)
	if total.firstOther != "" {
		fmt.Println("first unexpected answer:", total.firstOther)
	}
	if *pid > 0 {
		fmt.Printf("server RSS: %d MiB before, %d MiB after, %d MiB at most\n",
			rssBefore>>20, memory(*pid, "VmRSS:")>>20, memory(*pid, "VmHWM:")>>20)
	}
	if total.server > 0 || total.badLimited > 0 || total.other > 0 || exact != *clients {
		fmt.Println("FAIL")
		os.Exit(1)
	}
	fmt.Println("PASS")
}

// clientFor returns a client whose connections come from 127.0.<i/250>.<i%250+2>.
func clientFor(i int) *http.Client {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, byte(1+i/250), byte(i%250+2))}
	dialer := &net.Dialer{LocalAddr: local, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 1}, Timeout: 10 * time.Second}
}

func hammer(ctx context.Context, c *http.Client, url, key string) tally {
	var t tally
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			panic(err)
		}
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := c.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				t.other++
				if t.firstOther == "" {
					t.firstOther = err.Error()
				}
			}
			continue
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		switch {
		case res.StatusCode == 200:
			t.ok++
		case res.StatusCode == 429:
			t.limited++
			if !validLimited(res, body) {
				t.badLimited++
			}
			// Impatient clients: back off a quarter of Retry-After, so the limiter keeps
			// refusing (exactly) while the server is under load.
			wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			select {
			case <-ctx.Done():
			case <-time.After(time.Duration(wait) * time.Second / 4):
			}
		case res.StatusCode >= 500:
			t.server++
		default:
			t.other++
			if t.firstOther == "" {
				t.firstOther = res.Status + " " + string(body)
			}
		}
	}
	return t
}

func validLimited(res *http.Response, body []byte) bool {
	var env struct {
		Error struct{ Code string } `json:"error"`
	}
	return json.Unmarshal(body, &env) == nil && env.Error.Code == "rate_limited" &&
		res.Header.Get("Retry-After") != "" && res.Header.Get("X-RateLimit-Remaining") == "0"
}

// printMemory prints the server's resident memory every interval until ctx ends: whether it
// levels off under the load.
func printMemory(ctx context.Context, pid int, start time.Time, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			fmt.Printf("after %s: server RSS %d MiB (peak %d MiB)\n", now.Sub(start).Round(time.Second),
				memory(pid, "VmRSS:")>>20, memory(pid, "VmHWM:")>>20)
		}
	}
}

// memory is a size line of process pid's status (VmRSS:, VmHWM:) in bytes; 0 when unknown.
func memory(pid int, field string) int64 {
	if pid <= 0 {
		return 0
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
