package main

import (
	"fmt"
	"sync"
	"time"
)

// burstFigures is the throughput phase's result.
type burstFigures struct {
	posts, subs, writers int
	writesTook           time.Duration // from the first write sent to the last 201
	deliveredTook        time.Duration // from the first write sent to the last first arrival
	repeats              int
}

// burst writes posts as fast as writers concurrent clients go and measures how long every
// subscription takes to have each of them.
func burst(c client, f *fleet, subs, posts, writers int) (burstFigures, error) {
	before, repeatsBefore, _ := f.counts()
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < posts; i += writers {
				if _, err := c.writePost(fmt.Sprintf("Burst post %d", i)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	writesTook := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return burstFigures{}, err
	}
	if !f.waitFor(before+posts*subs, time.Now().Add(2*time.Minute)) {
		got, _, _ := f.counts()
		return burstFigures{}, fmt.Errorf("burst: %d of %d deliveries arrived", got-before, posts*subs)
	}
	_, repeats, last := f.counts()
	return burstFigures{posts: posts, subs: subs, writers: writers, writesTook: writesTook,
		deliveredTook: last.Sub(start), repeats: repeats - repeatsBefore}, nil
}

// perSecond is the deliveries received a second, from the first write to the last arrival.
func (b burstFigures) perSecond() float64 {
	return float64(b.posts*b.subs) / b.deliveredTook.Seconds()
}

func (b burstFigures) print() {
	n := b.posts * b.subs
	fmt.Printf("(b) %d posts by %d writers × %d subscriptions: writes took %s (%.0f deliveries/s offered); all %d received after %s: %.0f deliveries/s, %d repeats\n",
		b.posts, b.writers, b.subs, b.writesTook.Round(time.Millisecond), float64(n)/b.writesTook.Seconds(),
		n, b.deliveredTook.Round(time.Millisecond), b.perSecond(), b.repeats)
}
