package readcache_test

import (
	"strings"
	"testing"

	"github.com/creator-content-api/server/routes/readcache"
)

// zerosBody is the body of /t/bytes/n.
func zerosBody(n int) string { return `"` + strings.Repeat("0", n) + `"` }

// The least recently used answer goes first when the entries would exceed their bound.
func TestEntryBoundEvictsLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{MaxEntries: 2}, nil)
	a, b, c := `{"a":["1"]}`, `{"b":["1"]}`, `{"c":["1"]}`
	s.run([]step{
		{name: "a", path: "/t/echo?a=1", wantStatus: 200, wantBody: a, wantHandled: 1},
		{name: "b", path: "/t/echo?b=1", wantStatus: 200, wantBody: b, wantHandled: 2},
		{name: "a again", path: "/t/echo?a=1", wantStatus: 200, wantBody: a, wantHandled: 2},
		{name: "c evicts b", path: "/t/echo?c=1", wantStatus: 200, wantBody: c, wantHandled: 3},
		{name: "a kept", path: "/t/echo?a=1", wantStatus: 200, wantBody: a, wantHandled: 3},
		{name: "c kept", path: "/t/echo?c=1", wantStatus: 200, wantBody: c, wantHandled: 3},
		{name: "b again", path: "/t/echo?b=1", wantStatus: 200, wantBody: b, wantHandled: 4},
	})
	if got := s.cache.Stats(); got.Entries != 2 || got.Evictions != 2 {
		t.Errorf("stats %+v, want 2 entries and 2 evictions", got)
	}
}

// Answers go, least recently used first, when the bytes would exceed their bound; an answer
// larger than the bound alone is never kept.
func TestByteBound(t *testing.T) {
	t.Parallel()
	one := entrySize("/t/bytes/1000", zerosBody(1000))
	s := newServer(t, readcache.Config{MaxBytes: 2*one + 10}, nil)
	s.run([]step{
		{name: "first", path: "/t/bytes/1000", wantStatus: 200, wantBody: zerosBody(1000), wantHandled: 1},
		{name: "second", path: "/t/bytes/1001", wantStatus: 200, wantBody: zerosBody(1001), wantHandled: 2},
		{name: "third evicts the first", path: "/t/bytes/1002", wantStatus: 200, wantBody: zerosBody(1002), wantHandled: 3},
		{name: "second kept", path: "/t/bytes/1001", wantStatus: 200, wantBody: zerosBody(1001), wantHandled: 3},
		{name: "third kept", path: "/t/bytes/1002", wantStatus: 200, wantBody: zerosBody(1002), wantHandled: 3},
		{name: "first again", path: "/t/bytes/1000", wantStatus: 200, wantBody: zerosBody(1000), wantHandled: 4},
		{name: "too large", path: "/t/bytes/5000", wantStatus: 200, wantBody: zerosBody(5000), wantHandled: 5},
		{name: "too large, again", path: "/t/bytes/5000", wantStatus: 200, wantBody: zerosBody(5000), wantHandled: 6},
	})
	want := entrySize("/t/bytes/1002", zerosBody(1002)) + entrySize("/t/bytes/1000", zerosBody(1000))
	if got := s.cache.Stats(); got.Entries != 2 || got.Bytes != want || got.Evictions != 2 {
		t.Errorf("stats %+v, want 2 entries, %d bytes, 2 evictions", got, want)
	}
}

func TestNewRefusesNegativeBounds(t *testing.T) {
	for _, cfg := range []readcache.Config{{MaxEntries: -1}, {MaxBytes: -1}} {
		if _, err := readcache.New(cfg); err == nil {
			t.Errorf("New(%+v) = nil error", cfg)
		}
	}
}
