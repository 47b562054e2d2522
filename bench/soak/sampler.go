package main

import (
	"time"
)

// sample is one row of the table: what was answered during the interval, and the server
// process at its end.
type sample struct {
	index     int
	w         *window
	proc      procSample
	delivered int64 // first receipts of pushes during the interval
}

// sampleRun samples the server at the end of each of n intervals from now, and returns the rows.
func sampleRun(n int, every time.Duration, p *probe, rec *recorder, rs *receivers) []sample {
	var rows []sample
	t := time.NewTicker(every)
	defer t.Stop()
	var delivered int64
	for i := 1; i <= n; i++ {
		<-t.C
		s := sample{index: i, w: rec.closeWindow(), proc: p.sample()}
		now := rs.unique.Load()
		s.delivered, delivered = now-delivered, now
		rows = append(rows, s)
	}
	return rows
}
