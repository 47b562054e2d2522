//go:build system

package systemtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
)

// receipt is what a subscriber notes of one request, at arrival.
type receipt struct {
	Delivery string // X-Service-Delivery
	Event    string // the body's "id"
	// Signed: X-Service-Signature (HMAC-SHA256 of the body keyed with the whole secret) and
	// the Standard Webhooks signature both verify.
	Signed bool
}

// subscriber is a webhook receiver in the test process (an httptest server on 127.0.0.1)
// that answers 200 to everything and notes each request. Verification is independent of the
// server's code: a plain HMAC and the Standard Webhooks reference library.
type subscriber struct {
	URL string
	// ID is the subscription's id, known once it is registered.
	ID string

	fleet    *fleet
	mu       sync.Mutex
	verifier pushVerifier
	got      []receipt
}

// fleet is the test's subscribers and what they share.
type fleet struct {
	subs []*subscriber
	// kill, when set, counts each request toward its kill point.
	kill atomic.Pointer[killSwitch]
}

// newFleet starts n subscribers, closed when the test ends.
func newFleet(t *testing.T, n int) *fleet {
	f := &fleet{}
	for range n {
		s := &subscriber{fleet: f}
		srv := httptest.NewServer(http.HandlerFunc(s.serve))
		t.Cleanup(srv.Close)
		s.URL = srv.URL + "/hook"
		f.subs = append(f.subs, s)
	}
	return f
}

// setSecret keeps the signing secret that registration answered with.
func (s *subscriber) setSecret(t *testing.T, id, secret string) {
	t.Helper()
	v := newPushVerifier(t, secret)
	s.mu.Lock()
	s.ID, s.verifier = id, v
	s.mu.Unlock()
}

func (s *subscriber) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return // cut off mid-request by the kill: it never fully arrived
	}
	var msg struct{ ID string }
	json.Unmarshal(body, &msg) // a malformed body leaves ID empty, which the checks report
	s.mu.Lock()
	signed := s.verifier.verifies(body, r.Header)
	s.got = append(s.got, receipt{
		Delivery: r.Header.Get("X-Service-Delivery"),
		Event:    msg.ID,
		Signed:   signed,
	})
	s.mu.Unlock()
	w.WriteHeader(http.StatusOK)
	if ks := s.fleet.kill.Load(); ks != nil {
		ks.delivered()
	}
}

// receipts returns a copy of what s has noted.
func (s *subscriber) receipts() []receipt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]receipt(nil), s.got...)
}
