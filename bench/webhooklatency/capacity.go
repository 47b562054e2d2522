package main

import (
	"fmt"
	"time"
)

// capacityFigures is the capacity phase's result.
type capacityFigures struct {
	posts, subs int
	commitTook  time.Duration // the batch request, from sent to answered
	first, last time.Time     // the first and the last first arrival
	repeats     int
}

// capacity commits posts in one transaction, so that all their deliveries are due at once,
// and measures how fast they are delivered: the sender's capacity, which (b) cannot show when
// the writes are slower than the deliveries.
func capacity(c client, f *fleet, ownerToken string, subs, posts int) (capacityFigures, error) {
	before, repeatsBefore, _ := f.counts()
	titles := make([]string, posts)
	for i := range titles {
		titles[i] = fmt.Sprintf("Capacity post %d", i)
	}
	start := time.Now()
	ids, err := c.batchPosts(ownerToken, titles)
	if err != nil {
		return capacityFigures{}, err
	}
	took := time.Since(start)
	if !f.waitFor(before+posts*subs, time.Now().Add(2*time.Minute)) {
		got, _, _ := f.counts()
		return capacityFigures{}, fmt.Errorf("capacity: %d of %d deliveries arrived", got-before, posts*subs)
	}
	_, repeats, _ := f.counts()
	fig := capacityFigures{posts: posts, subs: subs, commitTook: took, repeats: repeats - repeatsBefore}
	for _, a := range f.arrivals(ids) {
		if fig.first.IsZero() || a.at.Before(fig.first) {
			fig.first = a.at
		}
		if a.at.After(fig.last) {
			fig.last = a.at
		}
	}
	return fig, nil
}

// perSecond is the deliveries received a second, from the first arrival to the last.
func (c capacityFigures) perSecond() float64 {
	return float64(c.posts*c.subs) / c.last.Sub(c.first).Seconds()
}

func (c capacityFigures) print() {
	n := c.posts * c.subs
	window := c.last.Sub(c.first)
	fmt.Printf("(c) %d posts committed at once (one /api/batch request, %s) × %d subscriptions: %d deliveries from the first to the last in %s: %.0f deliveries/s, %d repeats\n",
		c.posts, c.commitTook.Round(time.Millisecond), c.subs, n, window.Round(time.Millisecond), c.perSecond(), c.repeats)
}
