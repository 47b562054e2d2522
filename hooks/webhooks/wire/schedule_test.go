package wire

import (
	"testing"
	"time"
)

func TestNextAttempt(t *testing.T) {
	failedAt := time.Date(2026, 11, 21, 20, 10, 25, 0, time.UTC)
	tests := []struct {
		name       string
		made       int
		retryAfter time.Duration
		wantDelay  time.Duration
		wantOK     bool
	}{
		{"after 1st attempt", 1, 0, time.Minute, true},
		{"after 2nd attempt", 2, 0, 5 * time.Minute, true},
		{"after 3rd attempt", 3, 0, 30 * time.Minute, true},
		{"after 4th attempt", 4, 0, 2 * time.Hour, true},
		{"after 5th attempt", 5, 0, 12 * time.Hour, true},
		{"after 6th attempt none left", 6, 0, 0, false},
		{"beyond the maximum", 7, 0, 0, false},
		{"Retry-After longer than the delay wins", 1, 2 * time.Minute, 2 * time.Minute, true},
		{"Retry-After shorter than the delay loses", 4, 2 * time.Minute, 2 * time.Hour, true},
		{"Retry-After does not revive the last attempt", 6, time.Minute, 0, false},
		{"negative Retry-After ignored", 2, -time.Hour, 5 * time.Minute, true},
		{"nothing tried yet is due at once", 0, 0, 0, true},
		{"nothing tried yet honours Retry-After", 0, time.Minute, time.Minute, true},
		{"negative count is due at once", -1, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := NextAttempt(tt.made, failedAt, tt.retryAfter)
			if ok != tt.wantOK {
				t.Fatalf("ok = %v, want %v", ok, tt.wantOK)
			}
			if !ok {
				if !got.IsZero() {
					t.Errorf("time = %v, want zero", got)
				}
				return
			}
			if d := got.Sub(failedAt); d != tt.wantDelay {
				t.Errorf("delay = %v, want %v", d, tt.wantDelay)
			}
		})
	}
}

func TestScheduleConstants(t *testing.T) {
	if MaxAttempts != len(RetryDelays())+1 {
		t.Errorf("MaxAttempts %d, but %d retry delays", MaxAttempts, len(RetryDelays()))
	}
	var total time.Duration
	for _, d := range RetryDelays() {
		total += d
	}
	if want := 14*time.Hour + 36*time.Minute; total != want {
		t.Errorf("retries span %v, want %v (1m+5m+30m+2h+12h)", total, want)
	}
	if MaxConsecutiveFailures != 10 {
		t.Errorf("MaxConsecutiveFailures = %d, want 10", MaxConsecutiveFailures)
	}
	// A delivery that fails every attempt runs through exactly MaxAttempts.
	at, attempts := time.Unix(0, 0), 1
	for {
		next, ok := NextAttempt(attempts, at, 0)
		if !ok {
			break
		}
		at, attempts = next, attempts+1
	}
	if attempts != MaxAttempts || at.Sub(time.Unix(0, 0)) != total {
		t.Errorf("ran %d attempts over %v", attempts, at.Sub(time.Unix(0, 0)))
	}
}
