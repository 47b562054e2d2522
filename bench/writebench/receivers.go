package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
)

// receivers are loopback webhook receivers answering 200 at once; they count what they got,
// so the run shows the sender kept up (or how far behind it was) when the writes ended.
type receivers struct {
	servers []*httptest.Server
	got     atomic.Int64
}

// subscribe starts n receivers and registers each for content.created and content.updated
// with the key, which needs the webhooks scope.
func subscribe(c *http.Client, base, key string, n int) (*receivers, error) {
	r := &receivers{}
	for i := 0; i < n; i++ {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			_, _ = io.Copy(io.Discard, req.Body)
			r.got.Add(1)
		}))
		r.servers = append(r.servers, srv)
		body := fmt.Sprintf(`{"url":%q,"events":["content.created","content.updated"]}`, srv.URL)
		req, err := http.NewRequest(http.MethodPost, base+"/api/v2/webhooks", strings.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		answer, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			return nil, fmt.Errorf("POST /api/v2/webhooks: %d %s", res.StatusCode, answer)
		}
	}
	return r, nil
}

// close stops every receiver.
func (r *receivers) close() {
	for _, s := range r.servers {
		s.Close()
	}
}
