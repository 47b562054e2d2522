package main

import (
	"fmt"
	"io"
	"time"
)

// result is the whole run, as the report prints it.
type result struct {
	c        config
	baseline procSample
	rows     []sample
	rec      *recorder
	settled  settlement
}

// report prints the per-interval table, the totals, the write latency distribution and the
// verdicts, and returns whether the run passed.
func report(out io.Writer, r result) bool {
	c := r.c
	fmt.Fprintf(out, "\nSoak: %s, samples every %s; %d readers every %s, %.0f API writes/s, a dashboard write every %s, %d subscriptions, %d pollers every %s, an owner login every %s\n\n",
		c.duration, c.sampleEvery, c.readers, c.readEvery, c.writeRate, c.dashboardEvery, c.subscriptions, c.pollers, c.pollEvery, c.loginEvery)
	fmt.Fprintln(out, "| time | reads, p99 | API writes, p50 / p99 / max | dashboard writes, p99 | polls, logins | pushes received | pending deliveries | RSS | Go heap | FDs | goroutines | data.db-wal | data.db | writer waits, mean | read conns | server CPU | load avg |")
	fmt.Fprintln(out, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	b := r.baseline
	fmt.Fprintf(out, "| 0:00 | | | | | | %d | %s | %s | %d | %d | %s | %s | | %d | | %.1f |\n",
		b.pending, mib(b.rssBytes), mib(b.goHeap), b.fds, b.goroutines, mib(b.walBytes), mib(b.dbBytes), b.readers.OpenConnections, b.loadAvg)
	prev := b
	for _, s := range r.rows {
		w, p := s.w, s.proc
		waits := p.writer.WaitCount - prev.writer.WaitCount
		mean := time.Duration(0)
		if waits > 0 {
			mean = (p.writer.WaitDuration - prev.writer.WaitDuration) / time.Duration(waits)
		}
		cpu := "?"
		if p.cpuTicks >= 0 && prev.cpuTicks >= 0 {
			// Clock ticks are 1/100 s: ticks per second of wall time is a percentage of one core.
			cpu = fmt.Sprintf("%.0f %%", float64(p.cpuTicks-prev.cpuTicks)/p.at.Sub(prev.at).Seconds())
		}
		prev = p
		at := time.Duration(s.index) * c.sampleEvery
		fmt.Fprintf(out, "| %d:%02d | %d, %s | %d, %s / %s / %s | %d, %s | %d, %d | %d | %d | %s | %s | %d | %d | %s | %s | %d, %s | %d | %s | %.1f |\n",
			int(at.Minutes()), int(at.Seconds())%60, w.total(classRead), msec(w.percentile(classRead, 0.99)),
			w.total(classWrite), msec(w.percentile(classWrite, 0.5)), msec(w.percentile(classWrite, 0.99)), msec(w.percentile(classWrite, 1)),
			w.total(classDashboard), msec(w.percentile(classDashboard, 0.99)),
			w.total(classPoll), w.total(classLogin), s.delivered, p.pending,
			mib(p.rssBytes), mib(p.goHeap), p.fds, p.goroutines, mib(p.walBytes), mib(p.dbBytes),
			waits, msec(mean), p.readers.OpenConnections, cpu, p.loadAvg)
	}

	passed := true
	tot := r.rec.totals()
	fmt.Fprintln(out, "\nAnswers:")
	for c := range nClasses {
		line := fmt.Sprintf("- %s: %d", classNames[c], tot.total(c))
		for o := range nOutcomes {
			if n := tot.count[c][o]; n > 0 && o != outcomeOK {
				line += fmt.Sprintf(", %s %d", outcomeNames[o], n)
				if o.failing() {
					passed = false
				}
			}
		}
		fmt.Fprintln(out, line)
	}
	if r.rec.dropped > 0 {
		fmt.Fprintf(out, "- API writes not sent because their address still had %d waiting (the server fell behind the rate): %d\n", writeBacklog, r.rec.dropped)
	}
	for _, bad := range r.rec.firstBad {
		fmt.Fprintln(out, "  first failing answers:", bad)
	}

	fmt.Fprintln(out, "\nWrite latency over the whole run (client side, request sent to answer read):")
	for _, c := range []class{classWrite, classDashboard} {
		took := r.rec.writes[c]
		fmt.Fprintf(out, "- %s: %d, p50 %s, p90 %s, p99 %s, p99.9 %s, max %s\n", classNames[c], len(took),
			msec(percentile(took, 0.5)), msec(percentile(took, 0.9)), msec(percentile(took, 0.99)), msec(percentile(took, 0.999)), msec(percentile(took, 1)))
	}
	if n := len(r.rows); n > 0 {
		last := r.rows[n-1].proc.writer
		waits, waited := last.WaitCount-b.writer.WaitCount, last.WaitDuration-b.writer.WaitDuration
		mean := time.Duration(0)
		if waits > 0 {
			mean = waited / time.Duration(waits)
		}
		fmt.Fprintf(out, "- queued for PocketBase's single writer connection (database/sql's pool wait, every writer of the process): %d times, %s in all, mean %s\n",
			waits, waited.Round(time.Millisecond), msec(mean))
	}

	st := r.settled
	fmt.Fprintln(out, "\nDeliveries:")
	if st.err != nil {
		fmt.Fprintln(out, "- could not be checked:", st.err)
	} else {
		fmt.Fprintf(out, "- %d made by the server (%d pending, %d failed) in %s after the load; receivers got %d distinct ids, %d repeats, %d bad signatures; stalled: %v\n",
			st.total, st.pending, st.failed, st.took.Round(time.Second), st.unique, st.repeats, st.badSigs, st.stalled)
		fmt.Fprintf(out, "- errors the server logged (5xx and background): %d\n", st.errorLogs)
		for _, e := range st.firstErrors {
			fmt.Fprintln(out, "  ", e)
		}
	}
	passed = passed && st.ok()

	fmt.Fprintln(out, "\nLevels off (last third's lowest sample vs middle third's):")
	for _, j := range verdicts(r.rows, c.limits) {
		mark := "ok"
		switch {
		case !j.judged:
			mark = "-"
		case !j.ok && j.advisory:
			mark = "note"
		case !j.ok:
			mark = "FAIL"
			passed = false
		}
		fmt.Fprintf(out, "- [%s] %s: %s\n", mark, j.name, j.why)
	}
	return passed
}

func mib(b int64) string {
	if b < 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

func msec(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%d ms", d.Milliseconds())
}
