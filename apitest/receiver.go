package apitest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// waitLimit bounds how long Next waits for a delivery before failing the test; nothing sleeps,
// it only keeps a broken test from hanging.
const waitLimit = 10 * time.Second

// Reply is one answer of a Receiver.
type Reply struct {
	Status int
	Header map[string]string
	Body   string
}

// Received is one request a Receiver got.
type Received struct {
	Header http.Header
	Body   []byte
}

// Receiver is a real webhook receiver on 127.0.0.1 (an httptest.Server) that records every
// request and answers with queued replies, then 204.
type Receiver struct {
	URL string

	t       testing.TB
	srv     *httptest.Server
	mu      sync.Mutex
	replies []Reply
	got     []Received
	ch      chan Received
}

// NewReceiver starts a plain-HTTP receiver, closed when the test ends (before the app is).
func NewReceiver(t testing.TB) *Receiver {
	return newReceiver(t, false)
}

// NewTLSReceiver starts an https receiver with httptest's self-signed certificate.
func NewTLSReceiver(t testing.TB) *Receiver {
	return newReceiver(t, true)
}

func newReceiver(t testing.TB, tls bool) *Receiver {
	t.Helper()
	r := &Receiver{t: t, ch: make(chan Received, 100)}
	r.srv = httptest.NewUnstartedServer(http.HandlerFunc(r.serve))
	if tls {
		r.srv.StartTLS()
	} else {
		r.srv.Start()
	}
	r.URL = r.srv.URL + "/hook"
	t.Cleanup(r.srv.Close)
	return r
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		r.t.Errorf("receiver: read body: %v", err)
	}
	got := Received{Header: req.Header.Clone(), Body: body}
	r.mu.Lock()
	reply := Reply{Status: http.StatusNoContent}
	if len(r.replies) > 0 {
		reply, r.replies = r.replies[0], r.replies[1:]
	}
	r.got = append(r.got, got)
	r.mu.Unlock()
	for k, v := range reply.Header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(reply.Status)
	io.WriteString(w, reply.Body)
	select {
	case r.ch <- got:
	default:
	}
}

// Reply queues answers for the next requests, in order.
func (r *Receiver) Reply(replies ...Reply) {
	r.mu.Lock()
	r.replies = append(r.replies, replies...)
	r.mu.Unlock()
}

// ReplyStatus queues n answers with status code.
func (r *Receiver) ReplyStatus(code, n int) {
	for range n {
		r.Reply(Reply{Status: code})
	}
}

// Received returns every request so far.
func (r *Receiver) Received() []Received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Received(nil), r.got...)
}

// Next waits for the next request not yet taken with Next.
func (r *Receiver) Next() Received {
	r.t.Helper()
	select {
	case got := <-r.ch:
		return got
	case <-time.After(waitLimit):
		r.t.Fatal("receiver: no delivery arrived")
		return Received{}
	}
}
