package routes_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/cursor"
)

// FuzzPollQuery polls a fuzzed event name with fuzzed limit, since and cursor, and compares
// every 200 with a model of the poll computed from the stored events: only that event's
// events of the last 7 days (and none before since), newest first or, with since or a
// replay's cursor, oldest first, strictly after the cursor's position, and next_cursor
// exactly when events remain. Cursors are sent as they are or, written
// "signed:list\nsort\nvalue\nid\npage", signed with the server's key first (see
// FuzzListQuery); a signed one continues only its own event's poll and order.
func FuzzPollQuery(f *testing.F) {
	h := apitest.New(f, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	codec, err := routes.CursorCodecOf(h.App)
	if err != nil {
		f.Fatal(err)
	}
	events := seedEvents(f, h)
	now := h.Clock.Now()
	f.Fuzz(func(t *testing.T, event, limit, since, cur string) {
		curParam, signed := cursorParam(codec, cur)
		q := url.Values{"limit": {limit}, "since": {since}, "cursor": {curParam}}
		res := h.For(t).Get("/api/v1/webhooks/poll/"+url.PathEscape(event)+"?"+q.Encode(), key)
		checkAnswer(t, res)
		switch {
		case keyInQuery(q.Encode()):
			wantStatus(t, res, http.StatusUnauthorized)
		case !slices.Contains(vocab.EventNames(), event):
			wantStatus(t, res, http.StatusNotFound)
		default:
			checkPoll(t, res, codec, pollRequest{event: event, limit: limit, since: since, cursor: curParam, signed: signed, now: now}, events)
		}
	})
}

// pollRequest is one fuzzed poll.
type pollRequest struct {
	event, limit, since, cursor string
	signed                      *cursor.Position
	now                         time.Time
}

// storedEvent is a webhook_events row as the model compares it.
type storedEvent struct {
	id, event, created string // created as stored (and as cursors carry it)
	at                 time.Time
}

// checkPoll checks the answer of a poll of a known event against the model.
func checkPoll(t *testing.T, res *apitest.Response, codec *cursor.Codec, p pollRequest, events []storedEvent) {
	t.Helper()
	limit, okLimit := intIn(p.limit, 20, 1, 100)
	since, sinceErr := time.Parse(time.RFC3339Nano, p.since)
	hasSince := p.since != ""
	if bad := invalidNames(map[string]bool{"limit": !okLimit, "since": hasSince && sinceErr != nil}); len(bad) > 0 {
		wantInvalidParam(t, res, bad...)
		return
	}
	order, from := "-created", p.now.Add(-outbox.Retention)
	if hasSince {
		order = "created"
		if since.After(from) {
			from = since
		}
	}
	// Stored times have milliseconds: an event in since's millisecond is not before it.
	from = from.Truncate(time.Millisecond)
	list, page := routes.PollList(p.event), 1
	if p.cursor != "" {
		s := p.signed
		if s != nil && s.Sort == "created" && !hasSince {
			order = "created" // a replay's cursor continues oldest first
		}
		if s == nil || s.List != list || s.Sort != order || s.Page < 2 || len(p.cursor) > cursor.MaxLen {
			wantInvalidParam(t, res, "cursor")
			return
		}
		page = s.Page
	}
	var want []storedEvent
	for _, ev := range events {
		if ev.event != p.event || ev.at.Before(from) {
			continue
		}
		if s := p.signed; s != nil && !eventAfter(ev, order, s.Value, s.ID) {
			continue
		}
		want = append(want, ev)
	}
	slices.SortFunc(want, func(a, b storedEvent) int {
		c := strings.Compare(a.created+"\x00"+a.id, b.created+"\x00"+b.id)
		if order == "-created" {
			return -c
		}
		return c
	})
	wantStatus(t, res, http.StatusOK)
	var body struct {
		Data []struct {
			ID    string `json:"id"`
			Event string `json:"event"`
		} `json:"data"`
		NextCursor *string `json:"next_cursor"`
	}
	if err := json.Unmarshal(res.Body, &body); err != nil {
		t.Fatalf("body: %v: %s", err, res.Body)
	}
	more := len(want) > limit
	want = want[:min(limit, len(want))]
	got, wantIDs := make([]string, 0, len(body.Data)), make([]string, 0, len(want))
	for _, d := range body.Data {
		got = append(got, d.ID)
		if d.Event != p.event {
			t.Fatalf("%s event in the poll of %s", d.Event, p.event)
		}
	}
	for _, ev := range want {
		wantIDs = append(wantIDs, wire.EventIDPrefix+ev.id)
	}
	if !slices.Equal(got, wantIDs) {
		t.Fatalf("events %q, want %q (order %s, from %s)", got, wantIDs, order, from)
	}
	if more != (body.NextCursor != nil) {
		t.Fatalf("next_cursor %v with more events %v", body.NextCursor, more)
	}
	if !more || page+1 < page {
		return
	}
	next, err := codec.Decode(*body.NextCursor, list, order)
	last := want[len(want)-1]
	if err != nil || next.ID != last.id || next.Value != last.created || next.Page != page+1 {
		t.Fatalf("next_cursor %+v, %v; want after %s on page %d", next, err, last.id, page+1)
	}
}

// eventAfter reports whether ev comes strictly after the position (created, id) in order.
func eventAfter(ev storedEvent, order, created, id string) bool {
	c := strings.Compare(ev.created, created)
	if c == 0 {
		c = strings.Compare(ev.id, id)
	}
	if order == "-created" {
		return c < 0
	}
	return c > 0
}

// seedEvents writes events over eight days, some in the same millisecond, the oldest past
// the 7-day retention, and returns every stored event.
func seedEvents(f *testing.F, h *apitest.Harness) []storedEvent {
	f.Helper()
	testimonial := func() {
		h.SaveRecord(vocab.Testimonials, map[string]any{"name": "Ann", "body": "Good."})
	}
	post := func(draft bool) {
		h.SaveRecord(vocab.Posts, map[string]any{"title": "Event post", "visibility": "public", "draft": draft})
	}
	testimonial()
	testimonial()
	post(false)
	h.Clock.Advance(3 * 24 * time.Hour)
	for range 3 {
		testimonial()
		h.Clock.Advance(time.Millisecond)
	}
	testimonial()
	post(false)
	post(true)
	h.Clock.Advance(5*24*time.Hour + 500*time.Microsecond)
	testimonial()
	testimonial()
	recs, err := h.App.FindAllRecords(vocab.WebhookEvents)
	if err != nil {
		f.Fatal(err)
	}
	out := make([]storedEvent, 0, len(recs))
	for _, r := range recs {
		at := r.GetDateTime("created")
		out = append(out, storedEvent{id: r.Id, event: r.GetString("event"), created: at.String(), at: at.Time()})
	}
	return out
}
