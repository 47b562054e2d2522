package ratelimit

import (
	"testing"
	"time"
)

// The poll cap is 20 in any 60 seconds: never more, whatever the timing, and the 21st waits
// until the oldest of the 20 leaves the window.
func TestWindowAllowsCountInAnyPeriod(t *testing.T) {
	w := NewWindow(Poll())
	for i := range 20 {
		d := w.Allow("k", t0.Add(time.Duration(i)*time.Second))
		if !d.Allowed || d.Remaining != 19-i || d.Limit != 20 {
			t.Fatalf("request %d: %+v", i+1, d)
		}
	}
	d := w.Allow("k", t0.Add(20*time.Second))
	if d.Allowed || d.Remaining != 0 || d.RetryAfter != 40*time.Second {
		t.Fatalf("21st request: %+v, want refused with Retry-After 40s", d)
	}
	if want := t0.Add(79 * time.Second); !d.Reset.Equal(want) {
		t.Fatalf("Reset = %v, want %v (the newest request leaves the window)", d.Reset, want)
	}
	if d := w.Allow("k", t0.Add(60*time.Second-time.Millisecond)); d.Allowed {
		t.Fatalf("59.999 s after the first, it is still in the window: %+v", d)
	}
	if d := w.Allow("k", t0.Add(60*time.Second)); !d.Allowed || d.Remaining != 0 {
		t.Fatalf("60 s after the first, it has left the window: %+v", d)
	}
	if d := w.Allow("other", t0.Add(20*time.Second)); !d.Allowed || d.Remaining != 19 {
		t.Fatalf("another key has its own window: %+v", d)
	}
}

// A token bucket of 20 refilling 20 a minute lets 40 through in the first minute; the window
// never lets more than 20 through in any 60 seconds, however the requests are spread.
func TestWindowNeverExceedsCountInAnyMinute(t *testing.T) {
	w := NewWindow(Poll())
	var accepted []time.Time
	for ms := 0; ms < 5*60_000; ms += 700 {
		at := t0.Add(time.Duration(ms) * time.Millisecond)
		if w.Allow("k", at).Allowed {
			accepted = append(accepted, at)
		}
	}
	for i := range accepted {
		n := 0
		for _, a := range accepted[i:] {
			if a.Sub(accepted[i]) < time.Minute {
				n++
			}
		}
		if n > 20 {
			t.Fatalf("%d requests accepted within 60 s of %v", n, accepted[i])
		}
	}
	if len(accepted) < 100 {
		t.Fatalf("only %d accepted in 5 minutes, want 100", len(accepted))
	}
}

func TestWindowSweep(t *testing.T) {
	w := NewWindow(Poll())
	w.Allow("old", t0)
	w.Allow("new", t0.Add(30*time.Second))
	if n := w.Sweep(t0.Add(61 * time.Second)); n != 1 {
		t.Fatalf("swept %d keys, want 1", n)
	}
	if d := w.Allow("new", t0.Add(61*time.Second)); d.Remaining != 18 {
		t.Fatalf("the kept key lost its log: %+v", d)
	}
}
