// Command writebench measures what a write costs (issue 33): v1 creates and updates of posts
// with a number of requests in flight, and PocketBase's own records API creating the same posts
// as the owner on the same server, in one run, with the ratio. bench/write.sh starts the server
// and runs it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8195", "the server's base URL")
	key := flag.String("key", "", "a key with the write scope")
	owner := flag.String("owner-token", "", "the owner's auth token (PocketBase's records API)")
	posts := flag.Int("posts", 2000, "posts written in each phase")
	inFlight := flag.Int("in-flight", 16, "requests in flight")
	subs := flag.Int("subs", 50, "push subscriptions on loopback receivers (the key needs webhooks)")
	pprof := flag.String("pprof", "", "the server's debug listener (host:port): a CPU profile of 10 s of v1 creates is written to -profile")
	profile := flag.String("profile", "create.pprof", "where the CPU profile goes")
	pid := flag.Int("pid", 0, "the server's process id: each phase also prints the server's CPU time a write")
	flag.Parse()
	cpu = serverCPU{pid: *pid}
	if err := run(*base, *key, *owner, *posts, *inFlight, *subs, *pprof, *profile); err != nil {
		fmt.Fprintln(os.Stderr, "writebench:", err)
		os.Exit(1)
	}
}

// phase is one measured series of writes.
type phase struct {
	name   string
	auth   string
	method string
	path   func(i int) string
	body   func(i int) string
	want   int
}

func run(base, key, owner string, posts, inFlight, subs int, pprof, profile string) error {
	c := newClient(inFlight)
	fleet, err := subscribe(c, base, key, subs)
	if err != nil {
		return err
	}
	defer fleet.close()
	ids := make([]string, posts)
	v1Create := v1CreatePhase(key, "Write bench")
	v1Update := phase{name: "v1 update (PATCH /api/v1/posts/{id})", auth: "Bearer " + key, method: http.MethodPatch,
		path: func(i int) string { return "/api/v1/posts/" + ids[i] },
		body: func(i int) string { return fmt.Sprintf(`{"title":"Write bench %d, edited"}`, i) },
		want: http.StatusOK}
	pbCreate := phase{name: "PocketBase create (POST /api/collections/posts/records, owner)", auth: owner, method: http.MethodPost,
		path: func(int) string { return "/api/collections/posts/records" },
		body: func(i int) string {
			return fmt.Sprintf(`{"title":"Records bench %d","slug":"records-bench-%d","visibility":"public","content":"<p>%s</p>"}`, i, i, paragraph)
		},
		want: http.StatusOK}

	created, err := measure(c, base, v1Create, posts, inFlight, ids, time.Time{})
	if err != nil {
		return err
	}
	updated, err := measure(c, base, v1Update, posts, inFlight, nil, time.Time{})
	if err != nil {
		return err
	}
	records, err := measure(c, base, pbCreate, posts, inFlight, nil, time.Time{})
	if err != nil {
		return err
	}
	fmt.Printf("%d posts a phase, %d in flight, %d push subscriptions (%d deliveries received by the end)\n",
		posts, inFlight, subs, fleet.got.Load())
	fmt.Printf("%-64s %8.0f/s%s\n", v1Create.name, created.perSecond, created.cpu())
	fmt.Printf("%-64s %8.0f/s%s\n", v1Update.name, updated.perSecond, updated.cpu())
	fmt.Printf("%-64s %8.0f/s%s\n", pbCreate.name, records.perSecond, records.cpu())
	fmt.Printf("ratio v1 create / PocketBase create: %.2f%s\n", created.perSecond/records.perSecond, cpuRatio(records, created))
	if pprof == "" {
		return nil
	}
	// The receivers stay up while the profile is taken: a subscription whose receiver is gone
	// would be switched off, and the profile would show that instead of writes.
	return profileCreates(c, base, key, inFlight, pprof, profile)
}

// profileCreates writes v1 creates for 10 s while the server's CPU profile of those seconds is
// fetched into the file profile.
func profileCreates(c *http.Client, base, key string, inFlight int, pprof, profile string) error {
	fetched := make(chan error, 1)
	go func() { fetched <- fetch("http://"+pprof+"/debug/pprof/profile?seconds=10", profile) }()
	_, err := measure(c, base, v1CreatePhase(key, "Profiled write"), math.MaxInt, inFlight, nil, time.Now().Add(10*time.Second))
	if err != nil {
		return err
	}
	return <-fetched
}

// fetch saves the body of a GET of url in the file path.
func fetch(url, path string) error {
	res, err := http.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", url, res.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// newClient keeps a connection per request in flight.
func newClient(inFlight int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: inFlight}}
}

// v1CreatePhase creates public posts titled prefix and a number through v1.
func v1CreatePhase(key, prefix string) phase {
	return phase{name: "v1 create (POST /api/v1/posts)", auth: "Bearer " + key, method: http.MethodPost,
		path: func(int) string { return "/api/v1/posts" },
		body: func(i int) string {
			return fmt.Sprintf(`{"title":"%s %d","visibility":"public","content":"<p>%s</p>"}`, prefix, i, paragraph)
		},
		want: http.StatusCreated}
}

// paragraph gives each post a body of a realistic size (about 1 KB), so the search index and
// the revision have text to write.
var paragraph = string(bytes.Repeat([]byte("A sentence of a post, written to be indexed. "), 22))

// measure runs n writes of p with inFlight workers, or as many as fit before until when it is
// not zero, and returns writes per second and the server's CPU time a write. When ids is not
// nil, it keeps each created record's id at the write's index.
func measure(c *http.Client, base string, p phase, n, inFlight int, ids []string, until time.Time) (rate, error) {
	var next atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	var done atomic.Int64
	cpuBefore := cpu.used()
	start := time.Now()
	for w := 0; w < inFlight; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || (!until.IsZero() && time.Now().After(until)) {
					return
				}
				id, err := write(c, base, p, i)
				if err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				if ids != nil {
					ids[i] = id
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return rate{}, fmt.Errorf("%s: %w", p.name, firstErr)
	}
	writes := float64(done.Load())
	return rate{perSecond: writes / time.Since(start).Seconds(), cpuPerWrite: (cpu.used() - cpuBefore) / time.Duration(writes)}, nil
}

// write sends the i-th request of p and returns the id in its answer.
func write(c *http.Client, base string, p phase, i int) (string, error) {
	req, err := http.NewRequest(p.method, base+p.path(i), bytes.NewBufferString(p.body(i)))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", p.auth)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return "", err
	}
	if res.StatusCode != p.want {
		return "", fmt.Errorf("%s %s: %d %s", p.method, p.path(i), res.StatusCode, body)
	}
	return idOf(body), nil
}
