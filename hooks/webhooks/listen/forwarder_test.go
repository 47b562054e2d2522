package listen

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// A forward carries the polled event as the server's push would: the body of
// wire.Message (keys sorted, numbers exact), the X-Service-* headers and a Standard
// Webhooks signature a published library accepts, with a delivery id stable per event.
func TestForwardIsASignedPush(t *testing.T) {
	ev := Event{ID: "evt_abc", Event: "purchase.completed", Timestamp: "2026-11-24T10:00:01.250Z",
		Data: []byte(`{"z":"last","amount":12345678901234567890,"a":{"y":1,"b":2}}`)}
	wantBody := `{"id":"evt_abc","event":"purchase.completed","timestamp":"2026-11-24T10:00:01.250Z",` +
		`"data":{"a":{"b":2,"y":1},"amount":12345678901234567890,"z":"last"}}`
	secret := Secret("svc_live_test", "http://127.0.0.1:8090")
	now := time.Date(2026, 11, 24, 10, 0, 5, 0, time.UTC)

	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, body = r, must(io.ReadAll(r.Body))
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()
	f := &Forwarder{URL: srv.URL, Secret: secret, Client: srv.Client(), Now: func() time.Time { return now }}
	res, err := f.Forward(context.Background(), ev)
	if err != nil || res.Outcome != wire.Delivered || res.StatusCode != http.StatusAccepted {
		t.Fatalf("Forward = %+v, %v", res, err)
	}
	if string(body) != wantBody {
		t.Errorf("body\n%s\nwant\n%s", body, wantBody)
	}
	msg, err := Message(ev)
	if err != nil {
		t.Fatal(err)
	}
	if b := must(msg.Body()); string(b) != string(body) {
		t.Errorf("the forward's body differs from wire.Message's:\n%s\n%s", body, b)
	}
	h := got.Header
	if h.Get(wire.HeaderEvent) != ev.Event || h.Get(wire.HeaderDelivery) != DeliveryID(ev.ID) ||
		h.Get(wire.HeaderWebhookID) != DeliveryID(ev.ID) || h.Get(wire.HeaderTimestamp) != "1795514405" ||
		h.Get("User-Agent") != wire.UserAgent {
		t.Errorf("headers %v", h)
	}
	if !wire.Verify(secret, body, h.Get(wire.HeaderSignature)) {
		t.Error("X-Service-Signature does not verify")
	}
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := wh.VerifyIgnoringTimestamp(body, h); err != nil {
		t.Errorf("Standard Webhooks: %v", err)
	}
}

// A receiver that is down is reported as the attempt's error, not retried.
func TestForwardToClosedPort(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	f := &Forwarder{URL: url, Secret: Secret("k", "s"), Client: http.DefaultClient, Now: time.Now}
	res, err := f.Forward(context.Background(), Event{ID: "evt_1", Event: "content.created", Timestamp: "2026-11-24T10:00:01.000Z"})
	if err != nil || res.Outcome != wire.Failed || res.Err != "connection refused" {
		t.Fatalf("Forward = %+v, %v", res, err)
	}
	line := Line(start, Event{ID: "evt_1", Event: "content.created"}, res, nil)
	if !strings.HasPrefix(line, "2026-11-24T10:00:00Z  content.created  evt_1  → failed: connection refused (") {
		t.Errorf("line %q", line)
	}
}

// Secret is stable per (server, key), a valid signing secret, and does not show the key.
func TestSecret(t *testing.T) {
	a := Secret("svc_live_one", "http://127.0.0.1:8090")
	if a != Secret("svc_live_one", "http://127.0.0.1:8090/") {
		t.Error("a trailing slash changed the secret")
	}
	if a == Secret("svc_live_two", "http://127.0.0.1:8090") || a == Secret("svc_live_one", "https://api.example.com") {
		t.Error("another key or server gave the same secret")
	}
	if err := wire.ValidateSecret(a); err != nil || strings.Contains(a, "svc_live_one") {
		t.Errorf("secret %q: %v", a, err)
	}
	if d := DeliveryID("evt_1"); d != DeliveryID("evt_1") || d == DeliveryID("evt_2") || len(d) != 19 || !strings.HasPrefix(d, "dlv_") {
		t.Errorf("delivery id %q", d)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
