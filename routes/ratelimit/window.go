package ratelimit

import (
	"strings"
	"sync"
	"time"
)

// Window is a sliding-window log: at most Count requests per key in any span of Period. It
// suits a cap the spec states as "n in any minute" with no burst on top (the poll cap), which a
// token bucket cannot express: a bucket of n that refills at n per minute lets 2n through in
// the first minute. A key holds at most Count instants, so memory is bounded per key; keys are
// API key ids, which are few. It is safe for concurrent use.
type Window struct {
	count  int
	period time.Duration

	mu   sync.Mutex
	logs map[string][]time.Time // each key's accepted requests still in the window, oldest first
}

// NewWindow returns the window of t: Burst requests in any span of Burst/PerMinute minutes
// (20/min:20 is 20 requests in any 60 seconds). It panics if t is invalid, as New does.
func NewWindow(t Tier) *Window {
	if err := t.Validate(); err != nil {
		panic("ratelimit.NewWindow: " + err.Error())
	}
	period := secondsToDuration(float64(t.Burst) / t.PerMinute * 60)
	return &Window{count: t.Burst, period: max(period, time.Nanosecond), logs: map[string][]time.Time{}}
}

// Allow records a request of key at now if fewer than Count were accepted in the window ending
// at now, and reports the outcome with the numbers the rate-limit headers need: Remaining
// requests in the window, Reset when the window is empty again, and for a refusal RetryAfter,
// when the oldest request leaves the window.
func (w *Window) Allow(key string, now time.Time) Decision {
	w.mu.Lock()
	defer w.mu.Unlock()
	log := w.expire(w.logs[key], now)
	d := Decision{Limit: w.count}
	if len(log) < w.count {
		if log == nil {
			key = strings.Clone(key)
			log = make([]time.Time, 0, w.count)
		}
		log = append(log, now)
		d.Allowed = true
	} else {
		d.RetryAfter = max(time.Second, ceilDuration(log[0].Add(w.period).Sub(now)))
	}
	w.logs[key] = log
	d.Remaining = w.count - len(log)
	d.Reset = ceilSecond(log[len(log)-1].Add(w.period))
	return d
}

// expire drops the instants of log that are out of the window ending at now.
func (w *Window) expire(log []time.Time, now time.Time) []time.Time {
	start := now.Add(-w.period)
	i := 0
	for i < len(log) && !log[i].After(start) {
		i++
	}
	if i == 0 {
		return log
	}
	return append(log[:0], log[i:]...)
}

// Sweep forgets the keys with no request in the window ending at now and returns how many.
func (w *Window) Sweep(now time.Time) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	removed := 0
	for k, log := range w.logs {
		if len(w.expire(log, now)) == 0 {
			delete(w.logs, k)
			removed++
		}
	}
	return removed
}
