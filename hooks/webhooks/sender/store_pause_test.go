package sender

import (
	"errors"
	"testing"
	"time"
)

func TestStorePauseGrowsWhileResultsCannotBeStoredAndEndsWithOne(t *testing.T) {
	full := errors.New("database or disk is full (13)")
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	var p storePause
	steps := []struct {
		err  error
		want time.Duration // pause left right after the note
	}{
		{full, time.Second},
		{full, 2 * time.Second},
		{full, 4 * time.Second},
		{full, 8 * time.Second},
		{full, 16 * time.Second},
		{full, 32 * time.Second},
		{full, time.Minute}, // capped at maxIdle
		{full, time.Minute},
		{nil, 0},
		{full, time.Second}, // a new run of failures starts again at one second
	}
	for i, s := range steps {
		p.note(s.err, at)
		if got := p.left(at); got != s.want {
			t.Fatalf("step %d: pause %v, want %v", i, got, s.want)
		}
	}
	if got := p.left(at.Add(999 * time.Millisecond)); got != time.Millisecond {
		t.Fatalf("pause left after 999 ms: %v", got)
	}
	if got := p.left(at.Add(time.Hour)); got != 0 {
		t.Fatalf("pause left an hour later: %v", got)
	}
}
