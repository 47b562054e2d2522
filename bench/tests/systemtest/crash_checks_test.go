//go:build system

package systemtest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Records as PocketBase's records API lists them (only the fields asked for).
type (
	post struct{ ID, Slug string }

	storedEvent struct {
		ID    string
		Event string
		Data  struct{ ID, Collection string }
	}

	storedDelivery struct {
		ID, Event, Subscription, Status string
		Attempt                         int
	}
)

// runStats are the figures of one run, or the sum of several.
type runStats struct {
	runs              int
	kills             []killPoint
	inFlightCommitted int // writes that failed at a kill (no answer) but had committed
	inFlightLost      int // writes that failed at a kill and had not committed (or not arrived)
	events            int
	deliveries        int
	received          int           // requests the subscribers got
	repeated          int           // of those, for a pair already received: attempts a kill cut off
	settle            time.Duration // from the last restart until no delivery was pending; summed
	maxSettle         time.Duration
}

func (s *runStats) add(o runStats) {
	s.runs += o.runs
	s.kills = append(s.kills, o.kills...)
	s.inFlightCommitted += o.inFlightCommitted
	s.inFlightLost += o.inFlightLost
	s.events += o.events
	s.deliveries += o.deliveries
	s.received += o.received
	s.repeated += o.repeated
	s.settle += o.settle
	s.maxSettle = max(s.maxSettle, o.maxSettle)
}

func (s runStats) String() string {
	kills := make([]string, len(s.kills))
	for i, k := range s.kills {
		kills[i] = k.String()
	}
	if len(kills) > killsPerRun {
		kills = []string{fmt.Sprintf("%d kill points", len(kills))}
	}
	return fmt.Sprintf("killed %s; writes cut off by a kill: %d committed, %d not; "+
		"%d events, %d deliveries, %d requests received, %d of them repeats; "+
		"last restart to settled %v on average, %v at most",
		strings.Join(kills, ", "), s.inFlightCommitted, s.inFlightLost,
		s.events, s.deliveries, s.received, s.repeated,
		(s.settle / time.Duration(max(s.runs, 1))).Round(time.Millisecond), s.maxSettle.Round(time.Millisecond))
}

// problems reports the first few failures of each kind and counts the rest.
type problems struct {
	t      *testing.T
	counts map[string]int
}

const shownPerKind = 5

func (p *problems) add(kind, format string, args ...any) {
	p.t.Helper()
	if p.counts == nil {
		p.counts = map[string]int{}
	}
	if p.counts[kind]++; p.counts[kind] <= shownPerKind {
		p.t.Errorf(kind+": "+format, args...)
	}
}

func (p *problems) summary() {
	for kind, n := range p.counts {
		if n > shownPerKind {
			p.t.Errorf("%s: %d in all", kind, n)
		}
	}
}

// pair is an (event, subscription) couple, which has one delivery.
type pair struct{ event, sub string }

// checkOutbox checks, once every delivery succeeded: postCount posts, each with exactly one
// content.created event and every event with its post; exactly one delivery per event and
// subscriber, made in one attempt (a crash never counts as a receiver's failure); every
// request a subscriber got was signed and named a stored event, and carried the delivery's
// id, the same on every repeat.
func checkOutbox(t *testing.T, srv *Server, token string, subs *fleet, st *runStats) {
	t.Helper()
	p := &problems{t: t}
	defer p.summary()

	posts := listAll[post](t, srv, token, "posts", "id,slug")
	events := listAll[storedEvent](t, srv, token, "webhook_events", "id,event,data")
	deliveries := listAll[storedDelivery](t, srv, token, "webhook_deliveries", "id,event,subscription,status,attempt")
	st.events, st.deliveries = len(events), len(deliveries)

	if len(posts) != postCount {
		p.add("post count", "%d posts, want %d", len(posts), postCount)
	}
	eventOf := map[string]string{} // post id -> event id
	for _, po := range posts {
		eventOf[po.ID] = ""
	}
	known := map[string]bool{} // event ids
	for _, ev := range events {
		known[ev.ID] = true
		switch prior, ok := eventOf[ev.Data.ID]; {
		case ev.Event != "content.created" || ev.Data.Collection != "posts":
			p.add("stray event", "event %s is %s of %s %s", ev.ID, ev.Event, ev.Data.Collection, ev.Data.ID)
		case !ok:
			p.add("event without its record", "event %s names post %s, which is not stored", ev.ID, ev.Data.ID)
		case prior != "":
			p.add("second event", "post %s has events %s and %s", ev.Data.ID, prior, ev.ID)
		default:
			eventOf[ev.Data.ID] = ev.ID
		}
	}
	for postID, evID := range eventOf {
		if evID == "" {
			p.add("record without its event", "post %s has no content.created event", postID)
		}
	}

	subIDs := map[string]bool{}
	for _, s := range subs.subs {
		subIDs[s.ID] = true
	}
	deliveryOf := map[pair]string{}
	for _, d := range deliveries {
		k := pair{d.Event, d.Subscription}
		switch {
		case !known[d.Event] || !subIDs[d.Subscription]:
			p.add("stray delivery", "delivery %s of event %s to subscription %s", d.ID, d.Event, d.Subscription)
		case deliveryOf[k] != "":
			p.add("second delivery", "event %s has deliveries %s and %s to subscription %s", d.Event, deliveryOf[k], d.ID, d.Subscription)
		default:
			deliveryOf[k] = d.ID
		}
		if d.Status != "succeeded" || d.Attempt != 1 {
			p.add("delivery state", "delivery %s is %s after %d attempts, want succeeded after 1", d.ID, d.Status, d.Attempt)
		}
	}

	for _, s := range subs.subs {
		seen := map[string]bool{} // event ids received
		for _, r := range s.receipts() {
			st.received++
			evID, ok := strings.CutPrefix(r.Event, "evt_")
			switch want := deliveryOf[pair{evID, s.ID}]; {
			case !ok || !known[evID]:
				p.add("pushed event not stored", "subscriber %s got event %q", s.ID, r.Event)
			case !r.Signed:
				p.add("bad signature", "subscriber %s got %s of event %s with a signature that does not verify", s.ID, r.Delivery, r.Event)
			case r.Delivery != "dlv_"+want:
				p.add("delivery id changed", "subscriber %s got event %s as %q, its delivery is dlv_%s", s.ID, r.Event, r.Delivery, want)
			}
			if seen[evID] {
				st.repeated++
			}
			seen[evID] = true
		}
		for k := range deliveryOf {
			if k.sub == s.ID && !seen[k.event] {
				p.add("never received", "subscription %s never got event evt_%s", s.ID, k.event)
			}
		}
	}
}
