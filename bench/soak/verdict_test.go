package main

import "testing"

func TestLevelsOff(t *testing.T) {
	cases := []struct {
		name   string
		values []float64
		slack  float64
		ok     bool
		judged bool
	}{
		{"flat", []float64{100, 100, 100, 100, 100, 100}, 0, true, true},
		{"fills up in the first third, then flat", []float64{10, 90, 100, 100, 99, 100}, 0, true, true},
		{"noise within the tolerance", []float64{50, 100, 95, 105, 110, 98}, 0, true, true},
		{"steady growth", []float64{10, 20, 30, 40, 50, 60}, 0, false, true},
		{"growth within the slack", []float64{10, 11, 12, 13, 14, 15}, 4, true, true},
		{"growth beyond the slack", []float64{10, 11, 12, 13, 18, 20}, 4, false, true},
		{"a burst in the last third", []float64{300, 320, 310, 500, 305, 330}, 0, true, true},
		{"shrinks", []float64{100, 90, 80, 70, 60, 50}, 0, true, true},
		{"five samples: thirds of 1, 2 and 2", []float64{1, 100, 100, 109, 110}, 0, true, true},
		{"five samples, a burst in the last", []float64{1, 100, 100, 100, 150}, 0, true, true},
		{"five samples, the floor rises", []float64{1, 100, 100, 111, 115}, 0, false, true},
		{"unreadable sample", []float64{100, -1, 100, 100}, 0, false, true},
		{"too short", []float64{1, 1000}, 0, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := judge(series{name: c.name, values: c.values, slack: c.slack, growth: 0.10})
			if j.ok != c.ok || j.judged != c.judged {
				t.Fatalf("ok %v judged %v (%s), want ok %v judged %v", j.ok, j.judged, j.why, c.ok, c.judged)
			}
		})
	}
}

func TestRSSMayGrowUnderItsCeilingAndTheWALMustStayUnderItsBound(t *testing.T) {
	rows := func(rssMiB, walMiB []int64) []sample {
		var out []sample
		for i := range rssMiB {
			out = append(out, sample{index: i + 1, w: &window{}, proc: procSample{
				rssBytes: rssMiB[i] << 20, walBytes: walMiB[i] << 20, goHeap: 10 << 20, fds: 40, goroutines: 50, pending: 0}})
		}
		return out
	}
	verdict := func(js []judgement, name string) judgement {
		for _, j := range js {
			if j.name == name {
				return j
			}
		}
		t.Fatalf("no verdict for %s", name)
		return judgement{}
	}
	l := limits{growth: 0.10, latencyGrowth: 1, rssMaxMiB: 1024, walMaxMiB: 190}
	cases := []struct {
		name         string
		rss, wal     []int64
		rssOK, walOK bool
	}{
		{"flat", []int64{100, 100, 100, 100, 100, 100}, []int64{4, 4, 4, 4, 4, 4}, true, true},
		{"RSS grows under the ceiling", []int64{100, 200, 300, 400, 500, 600}, []int64{4, 4, 4, 4, 4, 4}, true, true},
		{"RSS grows past the ceiling", []int64{100, 300, 500, 700, 900, 1100}, []int64{4, 4, 4, 4, 4, 4}, false, true},
		{"WAL over its bound once", []int64{100, 100, 100, 100, 100, 100}, []int64{4, 4, 200, 4, 4, 4}, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			js := verdicts(rows(c.rss, c.wal), l)
			if got := verdict(js, "RSS (MiB)"); got.ok != c.rssOK {
				t.Errorf("RSS ok %v (%s), want %v", got.ok, got.why, c.rssOK)
			}
			if got := verdict(js, "data.db-wal bound"); got.ok != c.walOK {
				t.Errorf("WAL ok %v (%s), want %v", got.ok, got.why, c.walOK)
			}
		})
	}
}
