package main

import (
	"fmt"
	"sync"
	"time"
)

// maxOpenWrites bounds the writes in flight of the paced phase: the schedule is open-loop (a
// slow write does not delay the next), but not without limit.
const maxOpenWrites = 64

// tailFigures is the paced phase's result.
type tailFigures struct {
	writes, subs int
	took         time.Duration // from the first write sent to the last 201
	fromCreated  []time.Duration
	from201      []time.Duration
	slowestWrite time.Duration
	repeats      int
}

// paced writes rate posts a second for secs seconds, each started at its time whatever the
// others do, and measures commit → first attempt for every delivery (each post × each
// subscription). The commit time is the event's created (set in the write's transaction just
// before its commit, truncated to the millisecond, so the figure is at most 1 ms long); the
// 201's receipt, which comes after the commit, gives a second, shorter figure.
func paced(c client, f *fleet, subs, rate, secs int) (tailFigures, error) {
	n := rate * secs
	before, repeatsBefore, _ := f.counts()
	var (
		mu     sync.Mutex
		acked  = map[string]time.Time{} // post id → 201 received
		posts  []string
		slow   time.Duration
		errOne error
		wg     sync.WaitGroup
	)
	open := make(chan struct{}, maxOpenWrites)
	start := time.Now()
	for i := range n {
		time.Sleep(time.Until(start.Add(time.Duration(i) * time.Second / time.Duration(rate))))
		open <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-open; wg.Done() }()
			sent := time.Now()
			id, err := c.writePost(fmt.Sprintf("Paced post %d", i))
			done := time.Now()
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errOne = err
				return
			}
			acked[id] = done
			posts = append(posts, id)
			slow = max(slow, done.Sub(sent))
		}()
	}
	wg.Wait()
	lastAck := time.Now()
	if errOne != nil {
		return tailFigures{}, errOne
	}
	if !f.waitFor(before+n*subs, time.Now().Add(2*time.Minute)) {
		got, _, _ := f.counts()
		return tailFigures{}, fmt.Errorf("paced: %d of %d deliveries arrived", got-before, n*subs)
	}
	_, repeats, _ := f.counts()
	fig := tailFigures{writes: n, subs: subs, took: lastAck.Sub(start), slowestWrite: slow, repeats: repeats - repeatsBefore}
	for _, a := range f.arrivals(posts) {
		fig.fromCreated = append(fig.fromCreated, a.at.Sub(a.created))
		fig.from201 = append(fig.from201, a.at.Sub(acked[a.post]))
	}
	return fig, nil
}

func (t tailFigures) print(rate int) {
	offered := float64(t.writes*t.subs) / t.took.Seconds()
	fmt.Printf("(a) %d writes/s × %d subscriptions for %s: %d writes in %s (%.0f writes/s, slowest write %s), %d deliveries (%.0f/s offered), %d repeats\n",
		rate, t.subs, time.Duration(t.writes/rate)*time.Second, t.writes, t.took.Round(time.Millisecond),
		float64(t.writes)/t.took.Seconds(), t.slowestWrite.Round(time.Millisecond), t.writes*t.subs, offered, t.repeats)
	fmt.Printf("    commit (event created) → first attempt received: p50 %s, p99 %s, max %s\n",
		pct(t.fromCreated, 50), pct(t.fromCreated, 99), pct(t.fromCreated, 100))
	fmt.Printf("    201 received → first attempt received (negative: before the 201): p50 %s, p99 %s, max %s\n",
		pct(t.from201, 50), pct(t.from201, 99), pct(t.from201, 100))
}
