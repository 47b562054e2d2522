package members

import (
	"sync"
	"sync/atomic"
	"time"
)

// attempts counts attempts per key (an address, an IP) in fixed windows, in this process's
// memory: a key with max attempts in its current window is refused until the window ends.
// It counts the attempts it refused, for the metrics.
type attempts struct {
	max    int
	window time.Duration

	mu      sync.Mutex
	seen    map[string]attemptWindow
	refused atomic.Uint64
}

type attemptWindow struct {
	start time.Time
	count int
}

func newAttempts(max int, window time.Duration) *attempts {
	return &attempts{max: max, window: window, seen: map[string]attemptWindow{}}
}

// allow counts one attempt of key at now and says whether it is within the limit.
func (a *attempts) allow(key string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	w := a.seen[key]
	if now.Sub(w.start) >= a.window {
		w = attemptWindow{start: now}
	}
	w.count++
	a.seen[key] = w
	if w.count > a.max {
		a.refused.Add(1)
		return false
	}
	return true
}

// sweep forgets the windows that have ended, so the map holds only recent keys.
func (a *attempts) sweep(now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, w := range a.seen {
		if now.Sub(w.start) >= a.window {
			delete(a.seen, k)
		}
	}
}
