package routes

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/creator-content-api/server/hooks/vocab"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/routes/apierr"
)

const (
	// paramEvents picks the event types of a stream: comma-separated names.
	paramEvents = "events"
	// headerLastEventID is the id after which a reconnecting client resumes (EventSource
	// sends it by itself).
	headerLastEventID = "Last-Event-ID"
	// contentTypeEventStream is the media type of Server-Sent Events.
	contentTypeEventStream = "text/event-stream"
)

const (
	// streamBatch is how many events a stream reads and writes at a time: with one batch in
	// hand at most, its memory is bounded however far behind it starts.
	streamBatch = 100
	// streamCheckEvery is how often a stream looks at the events' generation and checks its
	// key: a commit of this process moves the generation at once, so it is sent within this
	// time; another process's is seen within changes.CheckInterval more.
	streamCheckEvery = 100 * time.Millisecond
	// streamRetryMillis is the reconnect delay a stream asks of its clients (the retry field).
	streamRetryMillis = 2000
	// streamReplayMax bounds the events a stream replays at its start (since, Last-Event-ID):
	// what a key's poll burst returns (20 polls of 100). A longer backlog is caught up with the
	// poll, under its per-key cap.
	streamReplayMax = 2000
)

// streamEvents answers GET /api/v1/webhooks/stream: Server-Sent Events, one message per event
// (id: the event's id, event: its name, data: the body a push carries), in commit order, from
// now, from since, or after the Last-Event-ID a reconnecting client sends. Every streamCheckEvery it
// checks the key again (switched off, expired, rotated out, revoked: the stream ends; given
// allowed origins: it sends what a browser key may receive from then on) and the
// events' generation (an event committed by any process: it reads and sends). A comment line
// goes out at every heartbeat.
func (a *API) streamEvents(e *core.RequestEvent) error {
	key := authenticatedKey(e)
	aud, err := streamAudienceOf(e.Request.URL.Query(), key)
	if err != nil {
		return err
	}
	gen := a.cfg.Changes.Generation(changes.Events) // before the first read: nothing slips between
	start, err := a.streamStart(e)
	if err != nil {
		return err
	}
	pos := start.Position
	release, err := a.streams.take(e, key.ID)
	if err != nil {
		return err
	}
	defer release()

	w := newSSEWriter(e.Response, a.cfg.Streams.WriteTimeout)
	h := e.Response.Header()
	h.Set("Content-Type", contentTypeEventStream)
	h.Set("X-Accel-Buffering", "no") // nginx: pass each message on at once
	e.Response.WriteHeader(http.StatusOK)
	fmt.Fprintf(&w.buf, "retry: %d\n", streamRetryMillis)
	if start.EventID != "" {
		// An id without data dispatches nothing but becomes the client's last event id.
		fmt.Fprintf(&w.buf, "id: %s\n", start.EventID)
	}
	w.buf.WriteString("\n")
	if err := w.flush(); err != nil {
		return nil // the client is gone
	}

	check := time.NewTicker(streamCheckEvery)
	defer check.Stop()
	beats, stopBeats := a.cfg.Streams.Heartbeats()
	defer stopBeats()
	ctx := e.Request.Context()
	for pending := true; ; {
		if pending {
			if pos, err = a.sendAfter(e, w, pos, &aud); err != nil {
				return a.endStream(e, err)
			}
			pending = false
		}
		select {
		case <-ctx.Done(): // the client left, or the server is shutting down
			return nil
		case <-beats:
			w.buf.WriteString(": keep-alive\n\n")
			if err := w.flush(); err != nil {
				return a.endStream(e, err)
			}
		case <-check.C:
			if aud, err = a.audienceNow(e); err != nil {
				return a.endStream(e, err)
			}
			if g := a.cfg.Changes.Generation(changes.Events); g != gen {
				gen, pending = g, true
			}
		}
	}
}

// sendAfter writes every event aud takes committed after pos, a batch at a time, and returns
// the position reached. After reading each batch it derives the audience from the key again:
// an event committed after a change of the key is read after that change, so a batch read
// with what the key could receive before is read again with what it may receive now.
func (a *API) sendAfter(e *core.RequestEvent, w *sseWriter, pos outbox.FeedPosition, aud *streamAudience) (outbox.FeedPosition, error) {
	for {
		batch, next, err := outbox.FeedAfter(e.App, pos, aud.events, aud.servedOnly, streamBatch)
		if err != nil {
			return pos, err
		}
		now, err := a.audienceNow(e)
		if err != nil {
			return pos, err
		}
		if !now.same(*aud) {
			*aud = now
			continue
		}
		for _, ev := range batch {
			body, err := ev.Message.Body()
			if err != nil {
				return pos, err
			}
			// The body is one line of JSON: json.Marshal escapes every newline.
			fmt.Fprintf(&w.buf, "id: %s\nevent: %s\ndata: %s\n\n", ev.Message.EventID, ev.Message.Event, body)
		}
		if len(batch) > 0 {
			if err := w.flush(); err != nil {
				return pos, err
			}
		}
		pos = next
		if len(batch) < streamBatch {
			return pos, nil
		}
	}
}

// endStream logs why a stream ended early; the response is under way, so nothing more can
// be said to the client than closing it (a reconnect gets the refusal of the key, if that is
// the reason).
func (a *API) endStream(e *core.RequestEvent, err error) error {
	var ae *apierr.Error
	if errors.As(err, &ae) && ae.Status < http.StatusInternalServerError {
		e.App.Logger().Debug("event stream closed: the key is no longer accepted", "code", ae.Code)
		return nil
	}
	e.App.Logger().Debug("event stream closed", "error", err)
	return nil
}

// streamAudience is what a stream's key may receive: the event types, and whether content
// events only of served content (outbox.ServedContentOnly). It is derived again from the key
// at each check, so that an open stream follows the key's changes.
type streamAudience struct {
	events     []string
	servedOnly bool
}

// audienceNow checks the stream's key again and derives what it may receive now.
func (a *API) audienceNow(e *core.RequestEvent) (streamAudience, error) {
	key, err := checkKey(a.keys, e, keys.ScopeRead, a.cfg.Now())
	if err != nil {
		return streamAudience{}, err
	}
	return streamAudienceOf(e.Request.URL.Query(), key)
}

// same reports whether aud and other take the same events.
func (aud streamAudience) same(other streamAudience) bool {
	return aud.servedOnly == other.servedOnly && slices.Equal(aud.events, other.events)
}

// streamAudienceOf is the audience of a stream asked with q by key; a type asked for that key
// may no longer receive is the refusal streamTypes gives (and ends an open stream).
func streamAudienceOf(q url.Values, key *keys.Key) (streamAudience, error) {
	events, err := streamTypes(q, key)
	return streamAudience{events: events, servedOnly: outbox.ServedContentOnly(key)}, err
}

// streamTypes are the event types of a stream: those named in events (each known and
// visible to the key), or every type the key may see.
func streamTypes(q url.Values, key *keys.Key) ([]string, error) {
	raw, given := queryValue(q, paramEvents)
	if !given {
		var all []string
		for _, t := range vocab.EventTypes() {
			if keyMaySee(key, t.Name) {
				all = append(all, t.Name)
			}
		}
		return all, nil
	}
	var picked []string
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(name)
		if !vocab.KnownEvent(name) {
			return nil, apierr.InvalidParam(paramEvents, fmt.Sprintf("%q is not an event type (GET /api/v1/webhooks/events lists them)", name))
		}
		if !keyMaySee(key, name) {
			return nil, apierr.Forbidden(apierr.CodeInsufficientScope, name+" carries personal data: only a server key (one without allowed origins) may receive it")
		}
		if !slices.Contains(picked, name) {
			picked = append(picked, name)
		}
	}
	return picked, nil
}

// streamStart is where a stream starts: after the Last-Event-ID's event, else at since, else
// after the newest event. A start the client does not know yet (not its Last-Event-ID) comes
// with the id to resume after, should it reconnect before any event reaches it.
func (a *API) streamStart(e *core.RequestEvent) (outbox.FeedStart, error) {
	var (
		start  outbox.FeedStart
		err    error
		replay string // what asked for a replay: the header or since
	)
	if id := strings.TrimSpace(e.Request.Header.Get(headerLastEventID)); id != "" {
		replay = headerLastEventID
		start.Position, err = outbox.FeedPositionOf(e.App, id)
	} else if since, given, perr := a.sinceParam(e.Request.URL.Query()); perr != nil {
		return start, perr
	} else if given {
		replay = paramSince
		start, err = outbox.FeedStartAt(e.App, since)
	} else {
		start, err = outbox.FeedStartNow(e.App)
	}
	if err != nil {
		return start, domainError(err)
	}
	if replay != "" {
		n, err := outbox.FeedBacklog(e.App, start.Position, streamReplayMax)
		if err != nil {
			return start, apierr.Internal(err)
		}
		if n > streamReplayMax {
			return start, apierr.InvalidRequest(fmt.Sprintf("%s: more than %d events came after it, more than a stream replays; catch up with GET /api/v1/webhooks/poll/{event}, then stream from its last event", replay, streamReplayMax))
		}
	}
	return start, nil
}

// sseWriter writes a stream's messages, each write bounded by timeout.
type sseWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	buf     bytes.Buffer
}

func newSSEWriter(w http.ResponseWriter, timeout time.Duration) *sseWriter {
	return &sseWriter{w: w, rc: http.NewResponseController(w), timeout: timeout}
}

// flush writes what buf holds and sends it on: a client that does not take it within the
// timeout is an error (the server's own WriteTimeout, minutes, would cut every
// stream; a deadline per write cuts only the slow ones).
func (s *sseWriter) flush() error {
	defer s.buf.Reset()
	if err := s.rc.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	if _, err := s.w.Write(s.buf.Bytes()); err != nil {
		return err
	}
	return s.rc.Flush()
}
