package requestlog

import "testing"

func TestParseReadPolicy(t *testing.T) {
	for _, tc := range []struct {
		in    string
		share float64
		ok    bool
	}{
		{"all", 1, true}, {"none", 0, true}, {"0.01", 0.01, true}, {"1%", 0.01, true}, {"100%", 1, true},
		{"0", 0, true}, {"1", 1, true},
		{"", 0, false}, {"-0.1", 0, false}, {"1.5", 0, false}, {"101%", 0, false}, {"NaN", 0, false}, {"some", 0, false},
	} {
		p, err := ParseReadPolicy(tc.in)
		if (err == nil) != tc.ok || (tc.ok && p.share != tc.share) {
			t.Errorf("ParseReadPolicy(%q) = %v, %v", tc.in, p.share, err)
		}
	}
}

func TestQueueOfferDropsWhenFull(t *testing.T) {
	q := newQueue(3)
	for range 10 {
		q.offer(nil)
	}
	if q.logged.Load() != 3 || q.dropped.Load() != 7 {
		t.Fatalf("logged %d dropped %d, want 3 and 7", q.logged.Load(), q.dropped.Load())
	}
}

func TestNewRefusesBoundsOutOfRange(t *testing.T) {
	for _, cfg := range []Config{{QueueSize: -1}, {MaxBytes: -1}, {MaxBytes: minMaxBytes - 1}} {
		if _, err := New(nil, cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
	l, err := New(nil, Config{})
	if err != nil || cap(l.q.rows) != DefaultQueueSize || l.cfg.MaxBytes != DefaultMaxBytes {
		t.Errorf("New(zero) = %+v, %v; want the defaults", l, err)
	}
}
