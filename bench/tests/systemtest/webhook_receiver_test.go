//go:build system

package systemtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// push is one request a webhookReceiver got, noted at arrival.
type push struct {
	Delivery string // X-Service-Delivery
	Event    string // the body's id
	// Verified: X-Service-Signature (HMAC-SHA256 of the body keyed with the whole secret) and
	// the Standard Webhooks signature both verify with the secret registration returned.
	Verified bool
}

// webhookReceiver is a subscriber in the test process that verifies every push on its own
// (a plain HMAC and the Standard Webhooks library, not the server's code) and answers the
// status it is told to, optionally holding each request until released.
type webhookReceiver struct {
	// URL is where it receives.
	URL string
	// ID is its subscription's id, once subscribe has registered it.
	ID string

	mu       sync.Mutex
	verifier pushVerifier
	status   int
	hold     chan struct{} // non-nil: requests wait until it is closed
	got      []push
}

// newWebhookReceiver starts a receiver answering status; it stops when the test ends.
func newWebhookReceiver(t testing.TB, status int) *webhookReceiver {
	t.Helper()
	r := &webhookReceiver{status: status}
	srv := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(srv.Close)
	t.Cleanup(r.release) // before Close, which waits for held requests
	r.URL = srv.URL + "/hook"
	return r
}

// subscribe registers r for events (none: all) on s with POST /api/v2/webhooks and the key,
// trusts the secret the answer shows once, and keeps the subscription's id.
func (r *webhookReceiver) subscribe(t testing.TB, s *Server, key string, events ...string) {
	t.Helper()
	status, body := s.Do(t, http.MethodPost, "/api/v2/webhooks", "Bearer "+key,
		map[string]any{"url": r.URL, "events": append([]string{}, events...)})
	var sub struct{ ID, Secret string }
	if err := json.Unmarshal(body, &sub); status != http.StatusCreated || err != nil || sub.Secret == "" {
		t.Fatalf("POST /api/v2/webhooks: %d %s", status, body)
	}
	r.ID = sub.ID
	r.trust(t, sub.Secret)
}

// trust makes r verify pushes with secret, the signing secret as registration showed it.
func (r *webhookReceiver) trust(t testing.TB, secret string) {
	t.Helper()
	v := newPushVerifier(t, secret)
	r.mu.Lock()
	r.verifier = v
	r.mu.Unlock()
}

// answer makes r answer status from now on.
func (r *webhookReceiver) answer(status int) {
	r.mu.Lock()
	r.status = status
	r.mu.Unlock()
}

// holdRequests makes every request from now on wait until release.
func (r *webhookReceiver) holdRequests() {
	r.mu.Lock()
	r.hold = make(chan struct{})
	r.mu.Unlock()
}

// release lets the held requests, and later ones, be answered.
func (r *webhookReceiver) release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.hold != nil {
		close(r.hold)
		r.hold = nil
	}
}

// pushes returns a copy of what r has got so far.
func (r *webhookReceiver) pushes() []push {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]push(nil), r.got...)
}

func (r *webhookReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return // the sender went away mid-request
	}
	var msg struct{ ID string }
	json.Unmarshal(body, &msg) // a malformed body leaves ID empty, which the checks report
	r.mu.Lock()
	r.got = append(r.got, push{
		Delivery: req.Header.Get("X-Service-Delivery"),
		Event:    msg.ID,
		Verified: r.verifier.verifies(body, req.Header),
	})
	status, hold := r.status, r.hold
	r.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-req.Context().Done():
			return
		}
	}
	w.WriteHeader(status)
}
