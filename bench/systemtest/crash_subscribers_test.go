//go:build system

package systemtest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
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

	fleet *fleet
	mu    sync.Mutex
	key   []byte // the secret as shown, for X-Service-Signature
	std   *standardwebhooks.Webhook
	got   []receipt
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
	std, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatalf("secret %q: %v", secret, err)
	}
	s.mu.Lock()
	s.ID, s.key, s.std = id, []byte(secret), std
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
	mac := hmac.New(sha256.New, s.key)
	mac.Write(body)
	spec := hmac.Equal([]byte(r.Header.Get("X-Service-Signature")), []byte("sha256="+hex.EncodeToString(mac.Sum(nil))))
	signed := spec && s.std != nil && s.std.Verify(body, r.Header) == nil
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
