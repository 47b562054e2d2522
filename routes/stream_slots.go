package routes

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// Defaults of StreamConfig.
const (
	DefaultStreamsPerKey = 5
	DefaultStreamsTotal  = 200
	// DefaultStreamHeartbeat is the pause between two comment lines of an idle stream: less
	// than the idle time-outs of common proxies (nginx's proxy_read_timeout is 60 s).
	DefaultStreamHeartbeat = 15 * time.Second
	// DefaultStreamWriteTimeout is the longest a stream waits for its client to take a write.
	DefaultStreamWriteTimeout = 10 * time.Second
)

// streamRetryAfter is the Retry-After of a stream refused for want of a slot: streams are
// long-lived, so a slot frees slowly.
const streamRetryAfter = 30 * time.Second

// StreamConfig bounds and paces the event streams (GET /api/v1/webhooks/stream). The zero
// value is the defaults.
type StreamConfig struct {
	// PerKey is how many streams one key may hold open; 0 means DefaultStreamsPerKey.
	PerKey int
	// Total is how many streams the server holds open; 0 means DefaultStreamsTotal.
	Total int
	// WriteTimeout drops a client that does not take a write in this time: a slow reader is
	// disconnected, never buffered for; 0 means DefaultStreamWriteTimeout.
	WriteTimeout time.Duration
	// Heartbeats returns the ticks of one stream's comment lines and a function that stops
	// them; nil means a ticker of DefaultStreamHeartbeat. Tests tick by hand.
	Heartbeats func() (<-chan time.Time, func())
}

func (c StreamConfig) withDefaults() (StreamConfig, error) {
	if c.PerKey == 0 {
		c.PerKey = DefaultStreamsPerKey
	}
	if c.Total == 0 {
		c.Total = DefaultStreamsTotal
	}
	if c.WriteTimeout == 0 {
		c.WriteTimeout = DefaultStreamWriteTimeout
	}
	if c.PerKey < 0 || c.Total < 0 || c.WriteTimeout < 0 {
		return c, fmt.Errorf("%w: Streams.PerKey, Streams.Total and Streams.WriteTimeout must be > 0 (0: the default)", ErrInvalidConfig)
	}
	if c.Heartbeats == nil {
		c.Heartbeats = func() (<-chan time.Time, func()) {
			t := time.NewTicker(DefaultStreamHeartbeat)
			return t.C, t.Stop
		}
	}
	return c, nil
}

// streamSlots counts the open streams, per key and in all.
type streamSlots struct {
	perKey, total int
	mu            sync.Mutex
	open          map[string]int // by key id
	all           int
}

func newStreamSlots(c StreamConfig) *streamSlots {
	return &streamSlots{perKey: c.PerKey, total: c.Total, open: map[string]int{}}
}

// take holds a slot for a stream of key id, or answers 429 too_many_streams with a
// Retry-After; release gives the slot back.
func (s *streamSlots) take(e *core.RequestEvent, id string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var msg string
	switch {
	case s.open[id] >= s.perKey:
		msg = fmt.Sprintf("this key has %d event streams open, the most it may: close one first", s.perKey)
	case s.all >= s.total:
		msg = "the server has as many event streams open as it serves: try again later"
	default:
		s.open[id]++
		s.all++
		return sync.OnceFunc(func() { s.release(id) }), nil
	}
	e.Response.Header().Set(HeaderRetryAfter, strconv.Itoa(int(streamRetryAfter.Seconds())))
	return nil, &apierr.Error{Status: http.StatusTooManyRequests, Code: apierr.CodeTooManyStreams, Message: msg}
}

func (s *streamSlots) release(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all--
	if s.open[id]--; s.open[id] <= 0 {
		delete(s.open, id)
	}
}
