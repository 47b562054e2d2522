// Package ratelimit owns the token buckets behind the API's rate limits: one
// Limiter per tier, one bucket per key (client IP or API key id), with the
// numbers the X-RateLimit-* and Retry-After headers need. It knows nothing of
// HTTP or PocketBase; the middleware in routes picks the tier and the key.
//
// Time is always passed in, so tests and callers control the clock; the
// buckets are golang.org/x/time/rate limiters driven only through their
// explicit-time methods.
package ratelimit

import (
	"hash/maphash"
	"math"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/time/rate"
)

const (
	// shardCount spreads keys over independently locked maps so concurrent
	// requests for different keys rarely contend. A power of two.
	shardCount = 64

	// minSweepLen is the size below which a shard never sweeps by itself:
	// 64 shards x 512 buckets is about 32k idle buckets, a few MB at most.
	minSweepLen = 512

	// tokenEpsilon absorbs float64 rounding in refill arithmetic
	// (4 + 6s x 10/min is 4.9999999999). x/time/rate itself grants a request
	// when the deficit is worth less than a nanosecond, so treating a bucket
	// within a billionth of a token of a whole number as that number agrees
	// with what AllowN will do.
	tokenEpsilon = 1e-9
)

// Decision is the outcome of one request against one bucket, with what the
// response headers need.
type Decision struct {
	// Allowed reports whether the request may proceed (a token was taken).
	Allowed bool
	// Limit is the tier's burst, for X-RateLimit-Limit.
	Limit int
	// Remaining is the number of whole tokens left after this request, for
	// X-RateLimit-Remaining.
	Remaining int
	// Reset is when the bucket is full again, rounded up to a whole second,
	// for X-RateLimit-Reset (Reset.Unix()).
	Reset time.Time
	// RetryAfter is set only when !Allowed: the wait until one token is
	// available, rounded up to whole seconds and at least one second, for
	// Retry-After.
	RetryAfter time.Duration
}

// Limiter holds one token bucket per key for a single tier. It is safe for
// concurrent use. Buckets that have refilled completely are indistinguishable
// from new ones and are dropped by Sweep, and also by the limiter itself
// whenever a shard has doubled in size since its last sweep, so memory stays
// proportional to the keys seen within roughly one refill period.
type Limiter struct {
	tier   Tier
	limit  rate.Limit // tokens per second
	burst  int
	seed   maphash.Seed
	shards [shardCount]shard
}

type shardState struct {
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	// sweepAt is the length at which the next insert sweeps the shard first.
	sweepAt int
	// peak is the largest length since buckets was allocated; Go maps never
	// give memory back, so a sweep that leaves far fewer entries rebuilds it.
	peak int
}

// shard pads shardState to a multiple of a cache line so neighbouring
// shards' mutexes do not share one.
type shard struct {
	shardState
	_ [64 - unsafe.Sizeof(shardState{})%64]byte
}

// New returns a Limiter for t. It panics if t is invalid (see Tier.Validate):
// tiers come from configuration that is validated at start.
func New(t Tier) *Limiter {
	if err := t.Validate(); err != nil {
		panic("ratelimit.New: " + err.Error())
	}
	l := &Limiter{
		tier:  t,
		limit: rate.Limit(t.PerMinute / 60),
		burst: t.Burst,
		seed:  maphash.MakeSeed(),
	}
	for i := range l.shards {
		l.shards[i].buckets = make(map[string]*rate.Limiter)
		l.shards[i].sweepAt = minSweepLen
	}
	return l
}

// Tier returns the tier l was built with.
func (l *Limiter) Tier() Tier { return l.tier }

func (l *Limiter) shardFor(key string) *shard {
	return &l.shards[maphash.String(l.seed, key)&(shardCount-1)]
}

// Allow takes one token from key's bucket at now, if there is one, and
// reports the outcome. A denied request takes nothing.
func (l *Limiter) Allow(key string, now time.Time) Decision {
	s := l.shardFor(key)
	s.mu.Lock()
	b, ok := s.buckets[key]
	if !ok {
		if len(s.buckets) >= s.sweepAt {
			l.sweepLocked(&s.shardState, now)
		}
		b = rate.NewLimiter(l.limit, l.burst)
		// Clone so a key sliced from a larger buffer (a header, an address)
		// does not keep that buffer alive for the life of the bucket.
		s.buckets[strings.Clone(key)] = b
		if n := len(s.buckets); n > s.peak {
			s.peak = n
		}
	}
	// Both calls under the shard lock: Sweep cannot evict b in between, so a
	// token taken here is never lost with an orphaned bucket.
	allowed := b.AllowN(now, 1)
	tokens := b.TokensAt(now)
	s.mu.Unlock()
	return l.decide(allowed, tokens, now)
}

func (l *Limiter) decide(allowed bool, tokens float64, now time.Time) Decision {
	burst := float64(l.burst)
	d := Decision{Allowed: allowed, Limit: l.burst}
	d.Remaining = int(math.Floor(tokens + tokenEpsilon))
	d.Remaining = max(0, min(d.Remaining, l.burst))
	toFull := 0.0
	if deficit := burst - tokens; deficit > tokenEpsilon {
		toFull = deficit / float64(l.limit)
	}
	d.Reset = ceilSecond(now.Add(secondsToDuration(toFull)))
	if !allowed {
		wait := secondsToDuration((1 - tokens) / float64(l.limit))
		d.RetryAfter = max(time.Second, ceilDuration(wait))
	}
	return d
}

// Sweep removes the buckets that are full again at now and returns how many
// it removed. It locks one shard at a time, so calling it every minute from
// a cron job does not stall requests.
func (l *Limiter) Sweep(now time.Time) int {
	removed := 0
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		removed += l.sweepLocked(&s.shardState, now)
		s.mu.Unlock()
	}
	return removed
}

// sweepLocked removes s's full buckets; s.mu must be held. The next
// self-triggered sweep is at twice the surviving size, so sweeping costs
// amortised O(1) per inserted key even when nothing can be removed.
func (l *Limiter) sweepLocked(s *shardState, now time.Time) int {
	full := float64(l.burst) - tokenEpsilon
	removed := 0
	for k, b := range s.buckets {
		if b.TokensAt(now) >= full {
			delete(s.buckets, k)
			removed++
		}
	}
	n := len(s.buckets)
	if s.peak > minSweepLen && n < s.peak/4 {
		fresh := make(map[string]*rate.Limiter, n)
		for k, b := range s.buckets {
			fresh[k] = b
		}
		s.buckets = fresh
		s.peak = n
	}
	s.sweepAt = max(2*n, minSweepLen)
	return removed
}

// Len returns the number of buckets currently held.
func (l *Limiter) Len() int {
	n := 0
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		n += len(s.buckets)
		s.mu.Unlock()
	}
	return n
}

// secondsToDuration converts seconds to a Duration, rounding to the nearest
// nanosecond (so 5.000000000000001s of float noise is 5s, not a rounded-up
// 6s Retry-After) and saturating instead of overflowing.
func secondsToDuration(sec float64) time.Duration {
	ns := math.Round(sec * float64(time.Second))
	if ns >= math.MaxInt64 {
		return math.MaxInt64
	}
	if ns <= 0 {
		return 0
	}
	return time.Duration(ns)
}

// ceilDuration rounds d up to whole seconds, saturating at the largest whole
// second a Duration holds.
func ceilDuration(d time.Duration) time.Duration {
	down := d.Truncate(time.Second)
	if down == d || down > math.MaxInt64-time.Second {
		return down
	}
	return down + time.Second
}

// ceilSecond rounds t up to a whole Unix second.
func ceilSecond(t time.Time) time.Time {
	down := t.Truncate(time.Second)
	if down.Equal(t) {
		return down
	}
	return down.Add(time.Second)
}
