package ratelimit

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// t0 is a whole Unix second, so Reset offsets below read as plain seconds.
var t0 = time.Unix(1_700_000_000, 0)

type step struct {
	at        time.Duration // offset from t0
	key       string
	allowed   bool
	remaining int
	reset     time.Duration // offset from t0
	retry     time.Duration
}

// burstSteps is n allowed requests at offset at against a full bucket of
// tier tr, counting down.
func burstSteps(tr Tier, key string, at time.Duration, n int) []step {
	perToken := time.Duration(float64(time.Minute) / tr.PerMinute)
	var steps []step
	for i := 1; i <= n; i++ {
		steps = append(steps, step{
			at: at, key: key, allowed: true, remaining: tr.Burst - i,
			reset: ceilOffset(at + time.Duration(i)*perToken),
		})
	}
	return steps
}

func ceilOffset(d time.Duration) time.Duration {
	return ceilSecond(t0.Add(d)).Sub(t0)
}

func TestAllow(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tests := []struct {
		name  string
		tier  Tier
		steps []step
	}{
		{
			name: "normal burst then deny",
			tier: Normal(),
			steps: append(burstSteps(Normal(), "a", 0, 10),
				step{at: 0, key: "a", allowed: false, remaining: 0, reset: 10 * s, retry: 1 * s},
				step{at: 500 * ms, key: "a", allowed: false, remaining: 0, reset: 10 * s, retry: 1 * s},
			),
		},
		{
			name: "normal refill",
			tier: Normal(),
			steps: append(burstSteps(Normal(), "a", 0, 10),
				// 2.5 tokens back; take one, 1.5 left, full 8.5s later.
				step{at: 2500 * ms, key: "a", allowed: true, remaining: 1, reset: 11 * s},
				step{at: 2500 * ms, key: "a", allowed: true, remaining: 0, reset: 12 * s},
				// 0.5 left: denied, half a second to the next token.
				step{at: 2500 * ms, key: "a", allowed: false, remaining: 0, reset: 12 * s, retry: 1 * s},
				step{at: 3 * s, key: "a", allowed: true, remaining: 0, reset: 13 * s},
				// Long idle: back to a full bucket, never more.
				step{at: time.Hour, key: "a", allowed: true, remaining: 9, reset: time.Hour + 1*s},
			),
		},
		{
			name: "moderate retry-after rounds up",
			tier: Moderate(), // one token per 6s, burst 5
			steps: append(burstSteps(Moderate(), "k", 0, 5),
				step{at: 0, key: "k", allowed: false, remaining: 0, reset: 30 * s, retry: 6 * s},
				step{at: 500 * ms, key: "k", allowed: false, remaining: 0, reset: 30 * s, retry: 6 * s},
				step{at: 1 * s, key: "k", allowed: false, remaining: 0, reset: 30 * s, retry: 5 * s},
				step{at: 5900 * ms, key: "k", allowed: false, remaining: 0, reset: 30 * s, retry: 1 * s},
				step{at: 6 * s, key: "k", allowed: true, remaining: 0, reset: 36 * s},
				// 4 + 6s of refill must count as 5 whole tokens despite float rounding.
				step{at: 36 * s, key: "k", allowed: true, remaining: 4, reset: 42 * s},
			),
		},
		{
			name: "reset rounds up to a whole second",
			tier: Moderate(),
			steps: []step{
				{at: 100 * ms, key: "k", allowed: true, remaining: 4, reset: 7 * s}, // full at 6.1s
				{at: 7 * s, key: "k", allowed: true, remaining: 4, reset: 13 * s},
			},
		},
		{
			name: "strict",
			tier: Strict(), // one token per 12s, burst 3
			steps: append(burstSteps(Strict(), "k", 0, 3),
				step{at: 0, key: "k", allowed: false, remaining: 0, reset: 36 * s, retry: 12 * s},
				step{at: 11*s + 1*ms, key: "k", allowed: false, remaining: 0, reset: 36 * s, retry: 1 * s},
			),
		},
		{
			name: "keys are independent",
			tier: Strict(),
			steps: append(append(burstSteps(Strict(), "10.0.0.1", 0, 3),
				step{at: 0, key: "10.0.0.1", allowed: false, remaining: 0, reset: 36 * s, retry: 12 * s}),
				append(burstSteps(Strict(), "10.0.0.2", 0, 3),
					step{at: 0, key: "10.0.0.2", allowed: false, remaining: 0, reset: 36 * s, retry: 12 * s})...),
		},
		{
			name: "poll cap",
			tier: Poll(), // 20 per minute, burst 20
			steps: append(burstSteps(Poll(), "key_1", 0, 20),
				step{at: 0, key: "key_1", allowed: false, remaining: 0, reset: 60 * s, retry: 3 * s},
				step{at: 60 * s, key: "key_1", allowed: true, remaining: 19, reset: 63 * s},
			),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := New(tt.tier)
			for i, st := range tt.steps {
				got := l.Allow(st.key, t0.Add(st.at))
				want := Decision{
					Allowed: st.allowed, Limit: tt.tier.Burst, Remaining: st.remaining,
					Reset: t0.Add(st.reset), RetryAfter: st.retry,
				}
				if got != want {
					t.Fatalf("step %d (%s at +%v): got %s, want %s", i, st.key, st.at, fmtDecision(got), fmtDecision(want))
				}
			}
		})
	}
}

func fmtDecision(d Decision) string {
	return fmt.Sprintf("{allowed=%v limit=%d remaining=%d reset=+%v retry=%v}",
		d.Allowed, d.Limit, d.Remaining, d.Reset.Sub(t0), d.RetryAfter)
}

func TestSweep(t *testing.T) {
	l := New(Normal()) // one token per second, burst 10
	uses := map[string]int{"one": 1, "five": 5, "all": 10, "denied": 12}
	for key, n := range uses {
		for range n {
			l.Allow(key, t0)
		}
	}
	steps := []struct {
		at          time.Duration
		wantRemoved int
		wantLen     int
	}{
		{at: 0, wantRemoved: 0, wantLen: 4},
		{at: 999 * time.Millisecond, wantRemoved: 0, wantLen: 4},
		{at: 1 * time.Second, wantRemoved: 1, wantLen: 3}, // "one"
		{at: 4 * time.Second, wantRemoved: 0, wantLen: 3},
		{at: 5 * time.Second, wantRemoved: 1, wantLen: 2}, // "five"
		{at: 10 * time.Second, wantRemoved: 2, wantLen: 0},
		{at: time.Hour, wantRemoved: 0, wantLen: 0},
	}
	for _, st := range steps {
		if got := l.Sweep(t0.Add(st.at)); got != st.wantRemoved {
			t.Errorf("Sweep(+%v) = %d, want %d", st.at, got, st.wantRemoved)
		}
		if got := l.Len(); got != st.wantLen {
			t.Errorf("Len after Sweep(+%v) = %d, want %d", st.at, got, st.wantLen)
		}
	}
	// An evicted bucket behaves as a new one.
	if d := l.Allow("all", t0.Add(time.Hour)); !d.Allowed || d.Remaining != 9 {
		t.Errorf("after eviction: %s", fmtDecision(d))
	}
}

func TestSweepFractionalRate(t *testing.T) {
	// 10/min refills in steps that are not exact in float64; a bucket is
	// full (and evictable) at its own Reset.
	l := New(Moderate())
	var last Decision
	for range 4 {
		last = l.Allow("k", t0.Add(100*time.Millisecond))
	}
	if n := l.Sweep(last.Reset.Add(-time.Second)); n != 0 {
		t.Fatalf("Sweep before Reset removed %d", n)
	}
	if n := l.Sweep(last.Reset); n != 1 {
		t.Fatalf("Sweep at Reset removed %d, want 1", n)
	}
}

func TestSelfSweepBoundsMemory(t *testing.T) {
	// Nobody calls Sweep: 200k distinct keys, one every millisecond, each
	// full again a second later. Shards sweep themselves as they grow.
	l := New(Normal())
	for i := range 200_000 {
		l.Allow(fmt.Sprintf("10.%d.%d.%d", i>>16, i>>8&255, i&255), t0.Add(time.Duration(i)*time.Millisecond))
	}
	if n, bound := l.Len(), shardCount*(minSweepLen+1); n > bound {
		t.Fatalf("Len = %d, want <= %d", n, bound)
	}
}

func TestAllowConcurrent(t *testing.T) {
	const (
		workers = 32
		perKey  = 200 // requests per worker per key
	)
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	l := New(Normal())
	var allowed [8]atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range perKey * len(keys) {
				k := (i + w) % len(keys)
				if l.Allow(keys[k], t0).Allowed {
					allowed[k].Add(1)
				}
				if i%97 == 0 {
					l.Sweep(t0) // nothing used is full at t0
					l.Len()
				}
			}
		})
	}
	wg.Wait()
	for k := range keys {
		if got := allowed[k].Load(); got != int64(Normal().Burst) {
			t.Errorf("key %s: %d allowed, want exactly %d", keys[k], got, Normal().Burst)
		}
	}
	if n := l.Sweep(t0.Add(time.Minute)); n != len(keys) {
		t.Errorf("Sweep removed %d, want %d", n, len(keys))
	}
}

func TestNewPanicsOnInvalidTier(t *testing.T) {
	for _, tier := range []Tier{
		{Name: "zero"},
		{Name: "norate", Burst: 10},
		{Name: "noburst", PerMinute: 60},
		{Name: "negative", PerMinute: -1, Burst: 1},
	} {
		t.Run(tier.Name, func(t *testing.T) {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.Contains(msg, "invalid rate-limit tier") || !strings.Contains(msg, tier.Name) {
					t.Fatalf("recover() = %v, want a panic naming the tier", r)
				}
			}()
			New(tier)
		})
	}
}

func BenchmarkAllowParallel(b *testing.B) {
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = fmt.Sprintf("10.0.%d.%d", i>>8, i&255)
	}
	l := New(Normal())
	var worker atomic.Int64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := int(worker.Add(1)) * 7919
		for pb.Next() {
			i++
			l.Allow(keys[i%len(keys)], t0.Add(time.Duration(i)*time.Millisecond))
		}
	})
}
