// Package readcache answers repeated GET requests from memory: the exact 200 response a
// handler gave (body, ETag, content headers), kept while the data it was computed from has not
// changed. "Not changed" is a generation the caller supplies (hooks/changes for the content):
// an answer computed at one generation is served only while the generation stays the same.
// The cache is bounded by entries and bytes (least recently used out first) and counts its
// hits, misses and evictions. Its middleware (middleware.go) runs after every other
// middleware of a route, so authentication, rate limits and their headers, request ids,
// CORS and the HTTPS rules still run on every request: only the handler's work is saved.
package readcache

import (
	"container/list"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
)

// Default bounds.
const (
	DefaultMaxEntries = 1000
	DefaultMaxBytes   = 64 << 20
)

// Config bounds a Cache.
type Config struct {
	// MaxEntries is the most responses kept; 0 means DefaultMaxEntries.
	MaxEntries int
	// MaxBytes is the most bytes kept, counting each response's key, headers and body; 0
	// means DefaultMaxBytes. A response larger than this alone is never kept.
	MaxBytes int64
}

// Cache holds encoded responses, all computed at one generation.
type Cache struct {
	maxEntries int
	maxBytes   int64

	mu    sync.Mutex
	gen   uint64                   // the generation of every entry held
	lru   *list.List               // of *entry, most recently used first
	byKey map[string]*list.Element // of lru
	bytes int64

	hits, misses, evictions atomic.Uint64

	logMu  sync.Mutex
	logged Stats // the figures at the last log line
}

// entry is one kept response.
type entry struct {
	key    string
	header http.Header // the headers its handler set, Content-Length added
	etag   string
	body   []byte
	size   int64
}

// Stats are a cache's figures since it was made.
type Stats struct {
	Hits, Misses, Evictions uint64
	Entries                 int
	Bytes                   int64
}

// New returns an empty cache bounded by cfg.
func New(cfg Config) (*Cache, error) {
	if cfg.MaxEntries < 0 || cfg.MaxBytes < 0 {
		return nil, fmt.Errorf("read cache bounds must not be negative: %d entries, %d bytes", cfg.MaxEntries, cfg.MaxBytes)
	}
	if cfg.MaxEntries == 0 {
		cfg.MaxEntries = DefaultMaxEntries
	}
	if cfg.MaxBytes == 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	return &Cache{maxEntries: cfg.MaxEntries, maxBytes: cfg.MaxBytes, lru: list.New(), byKey: map[string]*list.Element{}}, nil
}

// Stats returns the cache's figures.
func (c *Cache) Stats() Stats {
	c.mu.Lock()
	entries, bytes := c.lru.Len(), c.bytes
	c.mu.Unlock()
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Evictions: c.evictions.Load(), Entries: entries, Bytes: bytes}
}

// get returns the response kept under key if it was computed at gen, and counts a hit or a
// miss.
func (c *Cache) get(key string, gen uint64) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advanceLocked(gen)
	el, ok := c.byKey[key]
	if !ok || gen != c.gen {
		c.misses.Add(1)
		return nil
	}
	c.hits.Add(1)
	c.lru.MoveToFront(el)
	return el.Value.(*entry)
}

// put keeps e, computed at gen, unless a later generation has been seen since: the data may
// have changed while e was being computed.
func (c *Cache) put(e *entry, gen uint64) {
	if e.size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advanceLocked(gen)
	if gen != c.gen {
		return
	}
	if old, ok := c.byKey[e.key]; ok {
		c.removeLocked(old)
	}
	c.byKey[e.key] = c.lru.PushFront(e)
	c.bytes += e.size
	for c.lru.Len() > c.maxEntries || c.bytes > c.maxBytes {
		c.removeLocked(c.lru.Back())
		c.evictions.Add(1)
	}
}

// advanceLocked drops every entry when gen is later than theirs.
func (c *Cache) advanceLocked(gen uint64) {
	if gen > c.gen {
		c.gen = gen
		c.lru.Init()
		clear(c.byKey)
		c.bytes = 0
	}
}

func (c *Cache) removeLocked(el *list.Element) {
	e := c.lru.Remove(el).(*entry)
	delete(c.byKey, e.key)
	c.bytes -= e.size
}
