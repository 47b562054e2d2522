package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// perAddressWriteRate keeps each writer address under the Normal tier (60/min, burst 10).
const perAddressWriteRate = 0.8

// writeBacklog is how many writes an address may have waiting while the server is slow. The
// bucket refills during the wait, so the backlog plus the write in flight, sent back to back
// when the server answers again, stays within the burst of 10.
const writeBacklog = 5

// pollEvents are the event types the pollers follow, one each in turn.
var pollEvents = []string{"content.created", "content.updated", "content.deleted"}

// load is the running workload; wait returns once every client has stopped.
type load struct{ wg sync.WaitGroup }

func (l *load) wait() { l.wg.Wait() }

func (l *load) goRun(f func()) {
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		f()
	}()
}

// startLoad starts every client; they stop when ctx ends.
func startLoad(ctx context.Context, c config, s *site, rec *recorder) *load {
	l := &load{}
	for i := range c.readers {
		// Spread the readers' first calls over one interval, so they do not call in step.
		offset := c.readEvery * time.Duration(i) / time.Duration(max(c.readers, 1))
		l.goRun(func() { every(ctx, offset, c.readEvery, readerOf(c, s, rec, i)) })
	}
	l.startWriters(ctx, c, s, rec)
	l.goRun(func() { every(ctx, 0, c.dashboardEvery, dashboardWriter(c, s, rec)) })
	for i := range c.pollers {
		l.goRun(func() {
			every(ctx, c.pollEvery*time.Duration(i)/time.Duration(c.pollers), c.pollEvery, pollerOf(c, s, rec, i))
		})
	}
	l.goRun(func() { every(ctx, c.loginEvery, c.loginEvery, ownerLogins(c, s, rec)) })
	return l
}

// every calls f after offset and then at each interval until ctx ends; a call that overruns
// its interval skips the ticks it missed (the ticker drops them).
func every(ctx context.Context, offset, interval time.Duration, f func()) {
	select {
	case <-ctx.Done():
		return
	case <-time.After(offset):
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		f()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// readerOf is one reader's call: the profile, the posts list, a post by slug, the tags, or a
// search for one post's word.
func readerOf(c config, s *site, rec *recorder, i int) func() {
	client := clientFrom(kindReader, i)
	rng := rand.New(rand.NewPCG(uint64(i), 1))
	auth := "Bearer " + s.rwKey
	return func() {
		path, missOK := "/api/v1/profile", false
		r := rng.IntN(100)
		p, havePost := s.posts.pick(rng)
		switch {
		case r < 30:
		case r < 60:
			path = "/api/v1/posts?limit=20"
		case r < 80 && havePost:
			path, missOK = "/api/v1/posts/"+p.slug, true
		case r < 90:
			path = "/api/v1/tags"
		case havePost:
			path = "/api/v1/posts?limit=20&q=" + p.word
		}
		a := call(client, http.MethodGet, c.base+path, auth, nil)
		rec.record(classRead, a, classify(a, http.StatusOK, missOK), "GET "+path)
	}
}

// startWriters sends c.writeRate API writes a second, dealt in turn to enough addresses that
// each stays at perAddressWriteRate. A write whose address is still busy with writeBacklog
// earlier ones is dropped and counted: the rate is the server's to keep up with.
func (l *load) startWriters(ctx context.Context, c config, s *site, rec *recorder) {
	if c.writeRate <= 0 {
		return
	}
	n := int(math.Ceil(c.writeRate / perAddressWriteRate))
	queues := make([]chan struct{}, n)
	var seq atomic.Int64
	for i := range queues {
		queues[i] = make(chan struct{}, writeBacklog)
		write := apiWriter(c, s, rec, i, &seq)
		l.goRun(func() {
			for {
				select {
				case <-ctx.Done():
					return
				case <-queues[i]:
					write()
				}
			}
		})
	}
	l.goRun(func() {
		tick := 0
		every(ctx, 0, time.Duration(float64(time.Second)/c.writeRate), func() {
			select {
			case queues[tick%n] <- struct{}{}:
			default:
				rec.drop()
			}
			tick++
		})
	})
}

// apiWriter is one writer address's write: half creates, 30 % edits and 20 % deletes of posts
// (creates only until 20 posts exist).
func apiWriter(c config, s *site, rec *recorder, i int, seq *atomic.Int64) func() {
	client := clientFrom(kindWriter, i)
	rng := rand.New(rand.NewPCG(uint64(i), 2))
	auth := "Bearer " + s.rwKey
	return func() {
		r := rng.IntN(100)
		if r < 50 || s.posts.len() < 20 {
			n := seq.Add(1)
			word := fmt.Sprintf("w%dx%d", i, n)
			body := map[string]any{"title": fmt.Sprintf("Soak %d %s", n, word), "excerpt": "A post of the soak run.",
				"content": "<p>Written by the soak run.</p>", "tags": []string{"soak"}, "visibility": "public", "draft": false}
			a := call(client, http.MethodPost, c.base+"/api/v1/posts", auth, body)
			o := classify(a, http.StatusCreated, false)
			rec.record(classWrite, a, o, "POST /api/v1/posts")
			var res struct{ Data struct{ ID, Slug string } }
			if o == outcomeOK && a.decode(http.StatusCreated, &res) == nil {
				s.posts.add(post{id: res.Data.ID, slug: res.Data.Slug, word: word})
			}
			return
		}
		if r < 80 {
			p, ok := s.posts.pick(rng)
			if !ok {
				return
			}
			a := call(client, http.MethodPatch, c.base+"/api/v1/posts/"+p.id, auth, map[string]string{"excerpt": "Edited at " + time.Now().UTC().Format(time.RFC3339Nano)})
			rec.record(classWrite, a, classify(a, http.StatusOK, true), "PATCH /api/v1/posts/{id}")
			return
		}
		p, ok := s.posts.take(rng)
		if !ok {
			return
		}
		a := call(client, http.MethodDelete, c.base+"/api/v1/posts/"+p.id, auth, nil)
		rec.record(classWrite, a, classify(a, http.StatusNoContent, true), "DELETE /api/v1/posts/{id}")
	}
}

// dashboardWriter is the owner editing in the dashboard, through PocketBase's records API
// with the owner's token: a new post, then an edit of any post, in turn. Its posts join the
// pool, so the API writers edit and delete them too.
func dashboardWriter(c config, s *site, rec *recorder) func() {
	client := clientFrom(kindDashboard, 0)
	rng := rand.New(rand.NewPCG(0, 3))
	n := 0
	return func() {
		n++
		if n%2 == 1 {
			word := fmt.Sprintf("d%d", n)
			a := call(client, http.MethodPost, c.base+"/api/collections/posts/records", s.ownerToken(),
				map[string]any{"title": "Dashboard " + word, "content": "<p>From the dashboard.</p>", "visibility": "public", "draft": false})
			o := classify(a, http.StatusOK, false)
			rec.record(classDashboard, a, o, "POST /api/collections/posts/records")
			var res struct{ ID, Slug string }
			if o == outcomeOK && a.decode(http.StatusOK, &res) == nil {
				s.posts.add(post{id: res.ID, slug: res.Slug, word: word})
			}
			return
		}
		p, ok := s.posts.pick(rng)
		if !ok {
			return
		}
		a := call(client, http.MethodPatch, c.base+"/api/collections/posts/records/"+p.id, s.ownerToken(),
			map[string]string{"excerpt": fmt.Sprintf("Edited in the dashboard (%d)", n)})
		rec.record(classDashboard, a, classify(a, http.StatusOK, true), "PATCH /api/collections/posts/records/{id}")
	}
}

// pollerOf follows one event type from the start of the run, as a client without a public URL
// would: oldest first from `since`, the next page by `next_cursor`, then `since` the newest
// event seen (a client de-duplicates by id). One request per call keeps it under the poll cap.
func pollerOf(c config, s *site, rec *recorder, i int) func() {
	client := clientFrom(kindPoller, i)
	event := pollEvents[i%len(pollEvents)]
	auth := "Bearer " + s.pollKeys[i]
	since := time.Now().UTC().Format(time.RFC3339)
	next := ""
	return func() {
		q := url.Values{"limit": {"100"}}
		if next != "" {
			q.Set("cursor", next)
		} else {
			q.Set("since", since)
		}
		path := "/api/v1/webhooks/poll/" + event + "?" + q.Encode()
		a := call(client, http.MethodGet, c.base+path, auth, nil)
		o := classify(a, http.StatusOK, false)
		rec.record(classPoll, a, o, "GET /api/v1/webhooks/poll/"+event)
		var page struct {
			Data []struct {
				ID        string
				Timestamp string
			}
			NextCursor string `json:"next_cursor"`
		}
		if o != outcomeOK || a.decode(http.StatusOK, &page) != nil {
			return
		}
		if len(page.Data) > 0 {
			since = page.Data[len(page.Data)-1].Timestamp
		}
		next = page.NextCursor
	}
}

// ownerLogins logs the owner in from ten addresses in turn (the Strict tier allows 5 a minute
// per address) and keeps the newest token for the dashboard writes.
func ownerLogins(c config, s *site, rec *recorder) func() {
	clients := make([]*http.Client, 10)
	for i := range clients {
		clients[i] = clientFrom(kindLogin, i)
	}
	n := 0
	return func() {
		client := clients[n%len(clients)]
		n++
		a := call(client, http.MethodPost, c.base+"/api/collections/_superusers/auth-with-password", "",
			map[string]string{"identity": c.ownerEmail, "password": c.ownerPass})
		o := classify(a, http.StatusOK, false)
		rec.record(classLogin, a, o, "POST /api/collections/_superusers/auth-with-password")
		var auth struct{ Token string }
		if o == outcomeOK && a.decode(http.StatusOK, &auth) == nil && auth.Token != "" {
			s.owner.Store(&auth.Token)
		}
	}
}
