package routes_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
)

// streamWait bounds every wait for a stream's next message or its end, so that a broken stream
// fails the test instead of hanging it; nothing is asserted about how long a message took.
const streamWait = 10 * time.Second

// streamServer starts an app and serves it over pipes (servePipes), with heartbeats that never
// tick unless configure sets them: a stream a test leaves unread is never written to behind
// its back.
func streamServer(t *testing.T, configure func(*routes.Config)) (*apitest.Harness, *pipeListener) {
	t.Helper()
	h := apitest.New(t, apitest.Options{Config: func(c *routes.Config) {
		c.Streams.Heartbeats = func() (<-chan time.Time, func()) { return nil, func() {} }
		if configure != nil {
			configure(c)
		}
	}})
	return h, servePipes(t, h)
}

// eventStream is a client's open GET /api/v1/webhooks/stream, read message by message: only
// when the test asks, so a stream the test stops reading is a client that stops reading.
type eventStream struct {
	t    *testing.T
	conn net.Conn
	body *bufio.Reader
	// gone is closed once the server has closed the connection: the stream's handler has
	// returned and its slot is free.
	gone <-chan struct{}
}

// openStream opens the stream at query (may be "") with key and extra headers on a connection
// of its own, and requires 200 text/event-stream.
func openStream(t *testing.T, pipes *pipeListener, key, query string, headers map[string]string) *eventStream {
	t.Helper()
	conn, gone := pipes.dial(t)
	req, err := http.NewRequest(http.MethodGet, "http://api.test/api/v1/webhooks/stream"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if err := conn.SetDeadline(time.Now().Add(streamWait)); err != nil {
		t.Fatal(err)
	}
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" || res.Header.Get("Cache-Control") != "no-store" {
		body, _ := io.ReadAll(res.Body)
		t.Fatalf("stream: %d %v %s", res.StatusCode, res.Header, body)
	}
	return &eventStream{t: t, conn: conn, body: bufio.NewReader(res.Body), gone: gone}
}

// line is the stream's next line, without its end; err is io.EOF or io.ErrUnexpectedEOF at
// the stream's end, and os.ErrDeadlineExceeded after streamWait without one.
func (s *eventStream) line() (string, error) {
	s.t.Helper()
	if err := s.conn.SetReadDeadline(time.Now().Add(streamWait)); err != nil {
		s.t.Fatal(err)
	}
	line, err := s.body.ReadString('\n')
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), err
}

// next is the next message: its lines up to the blank line that ends it, joined by "\n".
func (s *eventStream) next() string {
	s.t.Helper()
	var msg []string
	for {
		line, err := s.line()
		if err != nil {
			s.t.Fatalf("no message, after %q: %v", msg, err)
		}
		if line == "" {
			return strings.Join(msg, "\n")
		}
		msg = append(msg, line)
	}
}

// closed waits for the server to end the stream, with no message before the end.
func (s *eventStream) closed() {
	s.t.Helper()
	switch line, err := s.line(); {
	case err == nil || line != "":
		s.t.Fatalf("a line %q instead of the end", line)
	case errors.Is(err, os.ErrDeadlineExceeded):
		s.t.Fatalf("the stream is still open after %v", streamWait)
	}
}

// waitGone waits for the server to close the stream's connection.
func (s *eventStream) waitGone() {
	s.t.Helper()
	select {
	case <-s.gone:
	case <-time.After(streamWait):
		s.t.Fatalf("the server still holds the stream after %v", streamWait)
	}
}

// eventMessage is the message of a pushed body: id, event and the body as data.
func eventMessage(t *testing.T, body []byte) string {
	t.Helper()
	var ev struct {
		ID    string `json:"id"`
		Event string `json:"event"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	return "id: " + ev.ID + "\nevent: " + ev.Event + "\ndata: " + string(body)
}

// A stream sends each event as it is committed, in commit order, as one message whose data is
// byte for byte the body a push carries; a heartbeat is a comment line.
func TestStreamSendsWhatAPushCarries(t *testing.T) {
	t.Parallel()
	beats := make(chan time.Time)
	h, pipes := streamServer(t, func(c *routes.Config) {
		c.Streams.Heartbeats = func() (<-chan time.Time, func()) { return beats, func() {} }
	})
	rcv, _, _ := registerReceiver(t, h)
	read, _ := h.CreateKey(keys.ScopeRead)
	stream := openStream(t, pipes, read, "", nil)
	if got := stream.next(); got != "retry: 2000" {
		t.Fatalf("first message %q", got)
	}
	for _, title := range []string{"One", "Two", "Three"} {
		h.SaveRecord(vocab.Posts, map[string]any{"title": title, "slug": strings.ToLower(title), "visibility": "public"})
	}
	runDue(t, h)
	pushed := map[string]string{} // first line -> message; the pushes come in any order
	for _, p := range rcv.Received() {
		m := eventMessage(t, p.Body)
		pushed[strings.SplitN(m, "\n", 2)[0]] = m
	}
	if len(pushed) != 3 {
		t.Fatalf("%d pushes", len(pushed))
	}
	for _, title := range []string{"One", "Two", "Three"} { // commit order
		got := stream.next()
		if want := pushed[strings.SplitN(got, "\n", 2)[0]]; got != want {
			t.Errorf("stream sent\n%s\nthe push carried\n%s", got, want)
		}
		if !strings.Contains(got, `"title":"`+title+`"`) {
			t.Errorf("stream sent %s, want %s next", got, title)
		}
	}
	beats <- time.Now()
	if got := stream.next(); got != ": keep-alive" {
		t.Errorf("heartbeat %q", got)
	}
}

// browserAndServerStreams starts an app with a server, and opens a stream at browserQuery with
// a browser key (from its allowed origin) and one at serverQuery with a server key, each past
// its first message (the retry and id it starts after).
func browserAndServerStreams(t *testing.T, browserQuery, serverQuery string) (*apitest.Harness, *pipeListener, *eventStream, *eventStream) {
	t.Helper()
	h, pipes := streamServer(t, nil)
	const origin = "https://site.example"
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &[]string{origin}})
	server, _ := h.CreateKey(keys.ScopeRead)
	browserStream := openStream(t, pipes, browser, browserQuery, map[string]string{"Origin": origin})
	serverStream := openStream(t, pipes, server, serverQuery, nil)
	browserStream.next()
	serverStream.next()
	return h, pipes, browserStream, serverStream
}

// events= picks types; a browser key's default leaves out the types with personal data, and
// a reconnect with Last-Event-ID resumes right after that event, in order.
func TestStreamPicksTypesAndResumes(t *testing.T) {
	t.Parallel()
	h, pipes, browserStream, testimonials := browserAndServerStreams(t, "", "?events=testimonial.submitted")
	server, _ := h.CreateKey(keys.ScopeRead)

	first := submitTestimonial(t, h, "Ada")
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Post", "slug": "post", "visibility": "public"})
	second := submitTestimonial(t, h, "Grace")
	third := submitTestimonial(t, h, "Edsger")

	if got := browserStream.next(); !strings.Contains(got, "\nevent: content.created\n") {
		t.Errorf("the browser key's stream sent %q first, want the post", got)
	}
	for _, id := range []string{first, second, third} {
		if got := testimonials.next(); !strings.HasPrefix(got, "id: "+id+"\nevent: testimonial.submitted\ndata: {") {
			t.Errorf("got %q, want %s", got, id)
		}
	}
	resumed := openStream(t, pipes, server, "?events=testimonial.submitted", map[string]string{"Last-Event-ID": first})
	if got := resumed.next(); got != "retry: 2000" {
		t.Errorf("a resumed stream starts with %q", got)
	}
	for _, id := range []string{second, third} {
		if got := resumed.next(); !strings.HasPrefix(got, "id: "+id+"\n") {
			t.Errorf("resumed with %q, want %s", got, id)
		}
	}

	// A new stream names the newest event as its last id (an id alone dispatches nothing), so
	// that a reconnect before any event loses nothing.
	if got := openStream(t, pipes, server, "", nil).next(); got != "retry: 2000\nid: "+third {
		t.Errorf("a new stream starts with %q", got)
	}
	// since replays from an instant, oldest first.
	h.Clock.Advance(time.Second)
	fourth := submitTestimonial(t, h, "Barbara")
	replay := openStream(t, pipes, server, "?events=testimonial.submitted&since="+h.Clock.Now().Format(time.RFC3339Nano), nil)
	if got := replay.next(); got != "retry: 2000\nid: "+third {
		t.Errorf("a replay starts with %q", got)
	}
	if got := replay.next(); !strings.HasPrefix(got, "id: "+fourth+"\n") {
		t.Errorf("the replay sent %q, want %s", got, fourth)
	}
}

// A browser key's stream carries the content events of records v1 serves only, as its poll
// does; a server key's carries every one.
func TestStreamServedContentOnlyForBrowserKeys(t *testing.T) {
	t.Parallel()
	h, _, browserStream, serverStream := browserAndServerStreams(t, "?events=content.created", "?events=content.created")

	h.SaveRecord(vocab.Posts, map[string]any{"title": "Draft", "slug": "draft", "visibility": "public", "draft": true})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Private", "slug": "private", "visibility": "private"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Public", "slug": "public", "visibility": "public"})

	if got := browserStream.next(); !strings.Contains(got, `"slug":"public"`) {
		t.Errorf("the browser key's stream sent %q first, want the public post", got)
	}
	for _, slug := range []string{"draft", "private", "public"} {
		if got := serverStream.next(); !strings.Contains(got, `"slug":"`+slug+`"`) {
			t.Errorf("the server key's stream sent %q, want %s", got, slug)
		}
	}
}

// A stream ends within a check of its key being switched off, expiring, revoked or rotated
// out (its old secret past the grace period).
func TestStreamEndsWhenTheKeyStopsWorking(t *testing.T) {
	t.Parallel()
	h, pipes := streamServer(t, nil)
	for _, c := range []struct {
		name string
		stop func(id string)
	}{
		{"switched off", func(id string) {
			if _, err := keys.Update(h.App, id, keys.Fields{Active: new(false)}); err != nil {
				t.Fatal(err)
			}
		}},
		{"expired", func(string) { h.Clock.Advance(2 * time.Hour) }},
		{"revoked", func(id string) {
			if err := keys.Revoke(h.App, id); err != nil {
				t.Fatal(err)
			}
		}},
		{"rotated out", func(id string) {
			if _, _, err := keys.Rotate(h.App, id, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			h.Clock.Advance(25 * time.Hour) // past the old secret's grace period
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := keys.Fields{Scopes: &[]string{keys.ScopeRead}}
			if c.name == "expired" {
				expiry := h.Clock.Now().Add(time.Hour)
				f.Expiry = &expiry
			}
			key, id := h.CreateKeyWith(f)
			stream := openStream(t, pipes, key, "", nil)
			stream.next()
			c.stop(id)
			stream.closed()
		})
	}
}

// A key holds at most Streams.PerKey streams; the next is 429 too_many_streams with a
// Retry-After, and a closed stream frees its slot.
func TestStreamsPerKeyAreBounded(t *testing.T) {
	t.Parallel()
	h, pipes := streamServer(t, func(c *routes.Config) { c.Streams.PerKey = 2 })
	key, _ := h.CreateKey(keys.ScopeRead)
	other, _ := h.CreateKey(keys.ScopeRead)
	openStream(t, pipes, key, "", nil).next()
	second := openStream(t, pipes, key, "", nil)
	second.next()
	apitest.Scenario{Name: "a third stream", Path: "/api/v1/webhooks/stream", Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "too_many_streams",
		ExpectedHeaders: map[string]string{"Retry-After": "30"}}.Test(t, h)
	openStream(t, pipes, other, "", nil).next() // another key's slots are its own
	second.conn.Close()
	second.waitGone() // the server learns of the close from its connection
	apitest.Scenario{Name: "the closed stream's slot is free", Path: "/api/v1/webhooks/stream", Headers: apitest.Bearer(key),
		Request: leftAlready, ExpectedStatus: http.StatusOK}.Test(t, h)
}

// leftAlready makes the request one of a client that has already left, so that a stream it
// opens ends at once.
func leftAlready(r *http.Request) {
	ctx, cancel := context.WithCancel(r.Context())
	cancel()
	*r = *r.WithContext(ctx)
}

func TestStreamRefusals(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const origin = "https://site.example"
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &[]string{origin}})
	server, _ := h.CreateKey(keys.ScopeRead)
	write, _ := h.CreateKey(keys.ScopeWrite)
	pruned := submitTestimonial(t, h, "Ada")
	if _, err := h.App.DB().NewQuery("DELETE FROM " + vocab.WebhookEvents).Execute(); err != nil {
		t.Fatal(err)
	}
	const path = "/api/v1/webhooks/stream"
	for _, s := range []apitest.Scenario{
		{Name: "no key", Path: path, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "no read scope", Path: path, Headers: apitest.Bearer(write), ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope"},
		{Name: "unknown type", Path: path + "?events=content.created,nope", Headers: apitest.Bearer(server),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"nope\" is not an event type`}},
		{Name: "personal data to a browser key", Path: path + "?events=purchase.completed", Headers: map[string]string{"Authorization": "Bearer " + browser, "Origin": origin},
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope", ExpectedContent: []string{"purchase.completed carries personal data"}},
		{Name: "pruned Last-Event-ID", Path: path, Headers: map[string]string{"Authorization": "Bearer " + server, "Last-Event-ID": pruned},
			ExpectedStatus: http.StatusGone, ExpectedCode: "last_event_id_unknown"},
		{Name: "bad since", Path: path + "?since=yesterday", Headers: apitest.Bearer(server),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`invalid query parameter \"since\"`}},
		{Name: "made-up Last-Event-ID", Path: path, Headers: map[string]string{"Authorization": "Bearer " + server, "Last-Event-ID": "42"},
			ExpectedStatus: http.StatusGone, ExpectedCode: "last_event_id_unknown"},
	} {
		s.Test(t, h)
	}
}

// A client that stops reading is dropped once a write waits longer than Streams.WriteTimeout:
// the server holds one batch for it, never the backlog, and its slot comes free. Total bounds
// the streams of every key together.
func TestSlowReaderIsDropped(t *testing.T) {
	t.Parallel()
	h, pipes := streamServer(t, func(c *routes.Config) {
		c.Streams.PerKey, c.Streams.Total, c.Streams.WriteTimeout = 1, 1, 200*time.Millisecond
	})
	key, _ := h.CreateKey(keys.ScopeRead)
	other, _ := h.CreateKey(keys.ScopeRead)

	slow := openStream(t, pipes, key, "", nil)
	slow.next() // the first message; nothing more is read
	apitest.Scenario{Name: "the server's one slot is taken", Path: "/api/v1/webhooks/stream", Headers: apitest.Bearer(other),
		ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "too_many_streams"}.Test(t, h)

	// A backlog of more than two batches. On a pipe nothing is buffered, so the first write of
	// the first batch already waits for the client.
	_, err := h.App.DB().NewQuery("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250) " +
		"INSERT INTO " + vocab.WebhookEvents + " (id, event, data, created, updated) " +
		"SELECT printf('slow%011d', i), 'content.created', json_object('collection', 'posts', 'title', 'Post ' || i), " +
		"'2026-11-21 12:00:00.000Z', '2026-11-21 12:00:00.000Z' FROM n").Execute()
	if err != nil {
		t.Fatal(err)
	}
	h.Changes.Changed(changes.Events)
	slow.waitGone() // the write waited WriteTimeout: the server ended the stream and closed it
	apitest.Scenario{Name: "its slot comes free", Path: "/api/v1/webhooks/stream", Headers: apitest.Bearer(other),
		Request: leftAlready, ExpectedStatus: http.StatusOK}.Test(t, h)
}
