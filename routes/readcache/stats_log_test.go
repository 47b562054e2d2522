package readcache_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"testing"

	"github.com/creator-content-api/server/routes/readcache"
)

// One line per call with traffic since the previous one, the figures of that interval.
func TestLogStats(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	var out bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	size := entrySize("/t/echo?a=1", `{"a":["1"]}`)

	s.cache.LogStats(logger)
	for range 4 {
		s.get("/t/echo?a=1")
	}
	s.cache.LogStats(logger)
	s.cache.LogStats(logger)
	s.get("/t/echo?a=1")
	s.cache.LogStats(logger)

	want := fmt.Sprintf("level=INFO msg=\"read cache\" hits=3 misses=1 hit_rate=75.0%% evictions=0 entries=1 bytes=%d\n"+
		"level=INFO msg=\"read cache\" hits=1 misses=0 hit_rate=100.0%% evictions=0 entries=1 bytes=%d\n", size, size)
	if out.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestBindStatsLog(t *testing.T) {
	c, err := readcache.New(readcache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	c.BindStatsLog(app)
	for _, j := range app.Cron().Jobs() {
		if j.Id() == "ccaReadCacheStats" && j.Expression() == "* * * * *" {
			return
		}
	}
	t.Error("no ccaReadCacheStats job every minute")
}
