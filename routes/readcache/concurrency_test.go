package readcache_test

import (
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/creator-content-api/server/routes/readcache"
)

// Many clients on few entries, while the generation moves and the bound evicts: every answer
// is the handler's answer for its request, and every request counts as a hit or a miss.
func TestConcurrentClients(t *testing.T) {
	t.Parallel()
	const clients, requests, paths = 8, 100, 12
	s := newServer(t, readcache.Config{MaxEntries: paths / 2}, nil)
	var wg sync.WaitGroup
	errs := make(chan error, clients*requests)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range requests {
				n := (c + i) % paths
				if c == 0 && i%10 == 0 {
					s.gen.Add(1)
				}
				res, err := http.Get(fmt.Sprintf("%s/t/echo?n=%d", s.url, n))
				if err != nil {
					errs <- err
					continue
				}
				body, err := io.ReadAll(res.Body)
				res.Body.Close()
				if want := fmt.Sprintf(`{"n":["%d"]}`, n); err != nil || res.StatusCode != 200 || string(body) != want {
					errs <- fmt.Errorf("n=%d: %d %q %v, want 200 %q", n, res.StatusCode, body, err, want)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	st := s.cache.Stats()
	if st.Hits+st.Misses != clients*requests || st.Entries > paths/2 {
		t.Errorf("stats %+v: want %d requests counted, at most %d entries", st, clients*requests, paths/2)
	}
	if int64(st.Misses) != s.handled.Load() {
		t.Errorf("%d misses, %d handler runs", st.Misses, s.handled.Load())
	}
}
