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

// The server's poll cap (the spec's Limits): PollCap polls per key in any PollWindow.
const (
	PollCap    = 20
	PollWindow = time.Minute
)

// PollInterval is the pause between two polls that keeps a listener under the poll cap
// however many event types it follows: they take turns.
const PollInterval = PollWindow / PollCap

// pageLimit is the page size asked of the poll API (its maximum).
const pageLimit = 100

// seenCapacity bounds the ids remembered against double forwarding.
const seenCapacity = 10000

// ErrKeyRefused means the server answered 401: the key is wrong, revoked or expired.
var ErrKeyRefused = errors.New("the server refused the key")

// ErrNothingToFollow means every selected event type was refused to the key.
var ErrNothingToFollow = errors.New("no event type left to follow")

// Follower follows events through the poll API, oldest first from Since, and hands each new
// one to a handler once. Polls take turns across the event types, one every Interval.
type Follower struct {
	// Server is the API's base URL, e.g. http://127.0.0.1:8090.
	Server string
	// Key is the API key sent as a bearer token.
	Key string
	// Events are the event types to follow.
	Events []string
	// Since is where following starts.
	Since time.Time
	// Client sends the polls.
	Client *http.Client
	// Interval is the pause between two polls (PollInterval against the real server).
	Interval time.Duration
	// Now and Sleep are the clock; Sleep returns ctx's error if it ends first.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// Warn prints a notice for the person at the terminal.
	Warn func(msg string)
}

// typeState is where the following of one event type stands.
type typeState struct {
	event  string
	since  time.Time // the timestamp of the last event seen (the poll's since is inclusive)
	cursor string    // the next page of an unfinished replay
}

// Run polls until ctx ends (then it returns nil) or nothing can be followed. handle is called
// once per new event, in order per type.
func (f *Follower) Run(ctx context.Context, handle func(context.Context, Event)) error {
	types := make([]*typeState, 0, len(f.Events))
	for _, e := range f.Events {
		types = append(types, &typeState{event: e, since: f.Since})
	}
	seen := newSeenSet(seenCapacity)
	var last time.Time
	for i := 0; ; i++ {
		if len(types) == 0 {
			return ErrNothingToFollow
		}
		st := types[i%len(types)]
		for {
			if wait := f.Interval - f.Now().Sub(last); !last.IsZero() && wait > 0 {
				if err := f.Sleep(ctx, wait); err != nil {
					return nil
				}
			}
			last = f.Now()
			page, err := f.poll(ctx, st)
			if ctx.Err() != nil {
				return nil
			}
			var limited *rateLimited
			switch {
			case errors.As(err, &limited):
				f.Warn(fmt.Sprintf("poll cap reached; waiting %v", limited.retryAfter))
				if err := f.Sleep(ctx, limited.retryAfter); err != nil {
					return nil
				}
				continue // the same poll again
			case errors.Is(err, ErrKeyRefused):
				return err
			case errors.Is(err, errSkip):
				f.Warn(fmt.Sprintf("skipping %s: %v", st.event, err))
				types = removeType(types, st)
				i-- // the next type takes this turn
			case err != nil:
				f.Warn(fmt.Sprintf("poll %s: %v (trying again on its next turn)", st.event, err))
			default:
				for _, ev := range page.Data {
					if seen.add(ev.ID) {
						handle(ctx, ev)
					}
				}
				st.advance(page)
				if st.cursor != "" {
					continue // drain an unfinished replay before the next type
				}
			}
			break
		}
	}
}

// advance moves st past page: to the next page of a replay, else to the last event's time.
func (st *typeState) advance(p pollPage) {
	st.cursor = p.NextCursor
	if n := len(p.Data); n > 0 {
		if at, err := time.Parse(time.RFC3339Nano, p.Data[n-1].Timestamp); err == nil {
			st.since = at
		}
	}
}

func removeType(types []*typeState, st *typeState) []*typeState {
	out := types[:0]
	for _, t := range types {
		if t != st {
			out = append(out, t)
		}
	}
	return out
}

// pollPage is a poll answer.
type pollPage struct {
	Data       []Event `json:"data"`
	NextCursor string  `json:"next_cursor"`
}

// errSkip wraps the answers that mean "this event type is not for this key" (403, 404).
var errSkip = errors.New("not available to this key")

// rateLimited is a 429 with the wait the server asked for.
type rateLimited struct{ retryAfter time.Duration }

func (r *rateLimited) Error() string { return "rate limited" }

// poll asks for one page of st, oldest first from st.since, continuing st.cursor.
func (f *Follower) poll(ctx context.Context, st *typeState) (pollPage, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(pageLimit))
	q.Set("since", st.since.UTC().Format(time.RFC3339Nano))
	if st.cursor != "" {
		q.Set("cursor", st.cursor)
	}
	u := normalServer(f.Server) + "/api/v1/webhooks/poll/" + url.PathEscape(st.event) + "?" + q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return pollPage{}, err
	}
	req.Header.Set("Authorization", "Bearer "+f.Key)
	req.Header.Set("Accept", "application/json")
	resp, err := f.Client.Do(req)
	if err != nil {
		if ue := (*url.Error)(nil); errors.As(err, &ue) {
			err = ue.Err // the URL is known to the reader; its query is noise
		}
		return pollPage{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return pollPage{}, err
	}
	switch resp.StatusCode {
	case http.StatusOK:
		var p pollPage
		if err := json.Unmarshal(body, &p); err != nil {
			return pollPage{}, fmt.Errorf("unreadable answer: %w", err)
		}
		return p, nil
	case http.StatusTooManyRequests:
		return pollPage{}, &rateLimited{retryAfter: retryAfter(resp.Header.Get("Retry-After"), f.Interval)}
	case http.StatusUnauthorized:
		return pollPage{}, fmt.Errorf("%w: %s", ErrKeyRefused, errorMessage(body))
	case http.StatusForbidden, http.StatusNotFound:
		return pollPage{}, fmt.Errorf("%w (%s)", errSkip, errorMessage(body))
	case http.StatusBadRequest:
		st.cursor = "" // a stale cursor: start again from the last event seen
		return pollPage{}, fmt.Errorf("HTTP 400: %s", errorMessage(body))
	default:
		return pollPage{}, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
}

// retryAfter reads a Retry-After in seconds; a missing or odd one waits fallback.
func retryAfter(v string, fallback time.Duration) time.Duration {
	secs, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || secs <= 0 {
		return fallback
	}
	return min(time.Duration(secs)*time.Second, PollWindow)
}

// errorMessage is the envelope's error.message, or the status text if there is none.
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
