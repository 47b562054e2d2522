package listen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// StreamPath is the server's event stream (Server-Sent Events).
const StreamPath = "/api/v1/webhooks/stream"

// DefaultRetry is the pause before a reconnect until the server says otherwise (its retry
// field).
const DefaultRetry = 2 * time.Second

// maxRetryAfter caps the wait a 429 asks for.
const maxRetryAfter = time.Minute

// seenCapacity bounds the ids remembered against double forwarding.
const seenCapacity = 10000

// ErrRefused means the server refused the stream for a reason a retry does not change: the
// key (401; 403 for a key switched off, expired, or not allowed the events asked for) or the
// request (400).
var ErrRefused = errors.New("the server refused the stream")

// idleTimeout drops a connection on which nothing, not even the server's comment line every
// 15 s, arrived for this long: the server or the network is gone without a word.
const idleTimeout = 45 * time.Second

// Follower follows a server's event stream and hands each event to a handler once, in commit
// order. A dropped connection is resumed after the last event seen (Last-Event-ID), so nothing
// is lost or repeated.
type Follower struct {
	// Server is the API's base URL, e.g. http://127.0.0.1:8090.
	Server string
	// Key is the API key sent as a bearer token.
	Key string
	// Events are the event types to follow; empty means every type the key may see.
	Events []string
	// Since, when set, replays the events from that instant before the live ones; zero
	// starts with the events after the first connection.
	Since time.Time
	// Client opens the stream. It must have no overall Timeout: the stream stays open.
	Client *http.Client
	// Sleep waits between connections; it returns ctx's error if ctx ends first.
	Sleep func(ctx context.Context, d time.Duration) error
	// Warn prints a notice for the person at the terminal.
	Warn func(msg string)
	// Connected, when set, is told each time the stream is open, with the event id it resumes
	// after ("" on a first connection).
	Connected func(resumedAfter string)
}

// errResumeUnknown is the server's 410: the last event id is no longer kept.
var errResumeUnknown = errors.New("the server no longer keeps the last event seen")

// rateLimited is a 429 with the wait the server asked for.
type rateLimited struct{ retryAfter time.Duration }

func (r *rateLimited) Error() string { return "rate limited" }

// connState is what carries over from one connection to the next.
type connState struct {
	lastID string        // the last event id the server named: where a reconnect resumes
	retry  time.Duration // the server's reconnect delay
	seen   *seenSet
}

// Run follows until ctx ends (then it returns nil) or the key is refused. handle is called
// once per event, in order.
func (f *Follower) Run(ctx context.Context, handle func(context.Context, Event)) error {
	st := &connState{retry: DefaultRetry, seen: newSeenSet(seenCapacity)}
	for {
		err := f.connect(ctx, st, handle)
		if ctx.Err() != nil {
			return nil
		}
		wait := st.retry
		var limited *rateLimited
		switch {
		case errors.Is(err, ErrRefused):
			return err
		case errors.As(err, &limited):
			f.Warn(fmt.Sprintf("too many streams or requests; waiting %v", limited.retryAfter))
			wait = limited.retryAfter
		case errors.Is(err, errResumeUnknown):
			f.Warn(fmt.Sprintf("%v (%s): going on from now; replay the gap with --since", err, st.lastID))
			st.lastID, f.Since, wait = "", time.Time{}, 0
		default:
			f.Warn(fmt.Sprintf("stream: %v; reconnecting in %v", err, wait))
		}
		if err := f.Sleep(ctx, wait); err != nil {
			return nil
		}
	}
}

// connect opens the stream once, from st.lastID (or Since, or now), and reads it until it ends.
func (f *Follower) connect(ctx context.Context, st *connState, handle func(context.Context, Event)) error {
	connCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	resp, err := f.open(connCtx, st.lastID)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if f.Connected != nil {
		f.Connected(st.lastID)
	}
	idle := time.AfterFunc(idleTimeout, cancel)
	defer idle.Stop()
	r := newSSEReader(&idleReader{r: resp.Body, idle: idle})
	for {
		m, err := r.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return errors.New("the server closed the stream")
			}
			return err
		}
		if m.Retry > 0 {
			st.retry = m.Retry
		}
		if m.HasID {
			st.lastID = m.ID
		}
		if m.Data == "" {
			continue // an id alone: where a reconnect resumes
		}
		var ev Event
		if err := json.Unmarshal([]byte(m.Data), &ev); err != nil {
			f.Warn(fmt.Sprintf("skipping an unreadable event %s: %v", m.ID, err))
			continue
		}
		if st.seen.add(ev.ID) {
			handle(ctx, ev)
		}
	}
}

// open requests the stream and returns the open response, or the refusal as an error.
func (f *Follower) open(ctx context.Context, lastID string) (*http.Response, error) {
	q := url.Values{}
	if len(f.Events) > 0 {
		q.Set("events", strings.Join(f.Events, ","))
	}
	if lastID == "" && !f.Since.IsZero() {
		q.Set("since", f.Since.UTC().Format(time.RFC3339Nano))
	}
	u := normalServer(f.Server) + StreamPath
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+f.Key)
	req.Header.Set("Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := f.Client.Do(req)
	if err != nil {
		if ue := (*url.Error)(nil); errors.As(err, &ue) {
			err = ue.Err // the URL is known to the reader; its query is noise
		}
		return nil, err
	}
	if resp.StatusCode == http.StatusOK {
		return resp, nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
		return nil, &rateLimited{retryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden:
		return nil, fmt.Errorf("%w (HTTP %d): %s", ErrRefused, resp.StatusCode, errorMessage(body))
	case http.StatusGone:
		return nil, errResumeUnknown
	default:
		return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
}

// retryAfter reads a Retry-After in seconds; a missing or odd one waits DefaultRetry.
func retryAfter(v string) time.Duration {
	secs, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || secs <= 0 {
		return DefaultRetry
	}
	return min(time.Duration(secs)*time.Second, maxRetryAfter)
}

// errorMessage is the envelope's error.message, or "no details" if there is none.
func errorMessage(body []byte) string {
	var env struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &env) == nil && env.Error.Message != "" {
		return env.Error.Message
	}
	return "no details"
}

// idleReader restarts its timer at every read that got something.
type idleReader struct {
	r    io.Reader
	idle *time.Timer
}

func (i *idleReader) Read(p []byte) (int, error) {
	n, err := i.r.Read(p)
	if n > 0 {
		i.idle.Reset(idleTimeout)
	}
	return n, err
}
