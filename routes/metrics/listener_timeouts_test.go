package metrics

import (
	"net/http"
	"testing"
)

// The metrics listener cuts a client that holds a connection without a scrape: every one of
// its server's timeouts is set (the zero value of each means none).
func TestListenerTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	for name, d := range map[string]int64{"ReadHeaderTimeout": int64(srv.ReadHeaderTimeout), "ReadTimeout": int64(srv.ReadTimeout),
		"WriteTimeout": int64(srv.WriteTimeout), "IdleTimeout": int64(srv.IdleTimeout)} {
		if d <= 0 {
			t.Errorf("%s is not set", name)
		}
	}
}
