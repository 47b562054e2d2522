package main

import (
	"flag"
	"fmt"
	"slices"
)

// A series levels off when the lowest sample of the run's last third is at most the lowest of
// its middle third times (1 + growth), plus a small absolute slack for counts that move by a
// few units. The lowest sample is the series' resting level under the steady load: a burst (a
// stall that piles up requests, opens read connections and their descriptors and goroutines)
// lifts single samples and passes, while a leak lifts the floor and fails. The first third is
// left out: pools, caches and connections fill up there. With fewer than 3 samples nothing is
// judged.
//
// Failing: the Go heap, open file descriptors and goroutines must level off. RSS must level off
// or stay under a ceiling: beyond the Go heap it is mostly SQLite's page caches, up to 32 MB per
// connection (PocketBase's cache_size), which fill as the database grows and as a burst opens
// read connections, and are bounded by them. data.db-wal must stay under a bound in every
// sample: SQLite reuses the file from its start after each checkpoint and truncates it to
// PocketBase's journal_size_limit (200,000,000 bytes) when it does, so its size is a
// high-water mark that only checkpoints starved by readers push up.
//
// Reported, never failing (a shared machine's noise and capacity, not drift): the p99 latencies
// and the sender's backlog of pending deliveries.

// limits are the verdict's tolerances, from the flags.
type limits struct {
	growth        float64 // resource series
	latencyGrowth float64 // p99 and backlog series: reported, never failing
	rssMaxMiB     float64
	walMaxMiB     float64
}

func (l *limits) bind(fs *flag.FlagSet) {
	fs.Float64Var(&l.growth, "growth", 0.10, "a resource series fails when its last third's max exceeds its middle third's by more than this fraction (plus the series' slack)")
	fs.Float64Var(&l.latencyGrowth, "latency-growth", 1.0, "the same for the p99 latencies, reported but never failing")
	fs.Float64Var(&l.rssMaxMiB, "rss-max-mib", 1024, "RSS that grows passes while its largest sample stays under this, MiB")
	fs.Float64Var(&l.walMaxMiB, "wal-max-mib", 200000000.0/(1<<20), "the bound data.db-wal must stay under in every sample, MiB (PocketBase's journal_size_limit)")
}

// The absolute slack of each resource series.
const (
	slackRSSMiB     = 8
	slackFDs        = 4
	slackGoroutines = 10
	slackPending    = 1000 // deliveries: a few seconds of the soak's pushes
)

// series is one column of the table the verdict judges.
type series struct {
	name     string
	values   []float64 // one per sample; negative: could not be read
	slack    float64
	growth   float64
	advisory bool // reported only
}

// judgement is a series' verdict.
type judgement struct {
	series
	midFloor, lastFloor float64
	ok, judged          bool
	why                 string
}

// judge applies the levels-off rule to s.
func judge(s series) judgement {
	j := judgement{series: s, ok: true}
	n := len(s.values)
	if slices.ContainsFunc(s.values, func(v float64) bool { return v < 0 }) {
		j.ok, j.judged, j.why = false, true, "could not be read in every sample"
		return j
	}
	if n < 3 {
		j.why = "fewer than 3 samples: not judged"
		return j
	}
	j.judged = true
	j.midFloor = slices.Min(s.values[n/3 : 2*n/3])
	j.lastFloor = slices.Min(s.values[2*n/3:])
	limit := j.midFloor*(1+s.growth) + s.slack
	j.ok = j.lastFloor <= limit
	verb := "levels off"
	if !j.ok {
		verb = "grows"
	}
	j.why = fmt.Sprintf("%s: last third's lowest %.4g vs middle third's %.4g (limit %.4g); highest %.4g", verb, j.lastFloor, j.midFloor, limit, slices.Max(s.values))
	return j
}

// verdicts judges every series of the run, and the WAL bound.
func verdicts(rows []sample, l limits) []judgement {
	col := func(f func(s sample) float64) []float64 {
		out := make([]float64, len(rows))
		for i, r := range rows {
			out[i] = f(r)
		}
		return out
	}
	mib := func(b int64) float64 {
		if b < 0 {
			return -1
		}
		return float64(b) / (1 << 20)
	}
	ms := func(c class) func(s sample) float64 {
		return func(s sample) float64 { return float64(s.w.percentile(c, 0.99).Microseconds()) / 1000 }
	}
	rss := judge(series{name: "RSS (MiB)", values: col(func(s sample) float64 { return mib(s.proc.rssBytes) }), slack: slackRSSMiB, growth: l.growth})
	if rss.judged && !rss.ok && slices.Min(rss.values) >= 0 && slices.Max(rss.values) <= l.rssMaxMiB {
		rss.ok = true
		rss.why += fmt.Sprintf(", but stays under the %.0f MiB ceiling", l.rssMaxMiB)
	}
	out := []judgement{
		rss,
		judge(series{name: "Go heap in use (MiB)", values: col(func(s sample) float64 { return mib(s.proc.goHeap) }), slack: slackRSSMiB, growth: l.growth}),
		judge(series{name: "open file descriptors", values: col(func(s sample) float64 { return float64(s.proc.fds) }), slack: slackFDs, growth: l.growth}),
		judge(series{name: "goroutines", values: col(func(s sample) float64 { return float64(s.proc.goroutines) }), slack: slackGoroutines, growth: l.growth}),
		judge(series{name: "read p99 (ms)", values: col(ms(classRead)), growth: l.latencyGrowth, advisory: true}),
		judge(series{name: "API write p99 (ms)", values: col(ms(classWrite)), growth: l.latencyGrowth, advisory: true}),
		judge(series{name: "pending deliveries", values: col(func(s sample) float64 { return float64(s.proc.pending) }), slack: slackPending, growth: l.latencyGrowth, advisory: true}),
	}
	wal := judgement{series: series{name: "data.db-wal bound"}, judged: true}
	largest := 0.0
	for _, r := range rows {
		largest = max(largest, mib(r.proc.walBytes))
	}
	wal.ok = largest <= l.walMaxMiB
	wal.why = fmt.Sprintf("largest %.1f MiB, bound %.1f MiB", largest, l.walMaxMiB)
	return append(out, wal)
}
