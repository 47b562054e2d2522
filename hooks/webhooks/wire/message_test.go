package wire

import (
	"context"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// vectorMessage is the message whose body and signatures are the
// "purchase-completed-non-ascii" known answer in testdata.
func vectorMessage() Message {
	return Message{
		DeliveryID: "dlv_01JD5Y6Q40K7M1X",
		EventID:    "evt_01JD5Y6Q3ZP8N2V",
		Event:      "purchase.completed",
		Timestamp:  time.Date(2026, 11, 21, 21, 10, 25, 123456789, time.FixedZone("CET", 3600)),
		Data: map[string]any{
			"id": "pur_123", "collection": "purchases", "buyer_email": "ana@example.com",
			"content_type": "course", "content_id": "p_7", "amount": 4900, "currency": "eur",
			"title": "Café ☕",
		},
	}
}

func vectorByName(t *testing.T, name string) signatureVector {
	t.Helper()
	for _, v := range loadSignatureVectors(t) {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no vector %q", name)
	return signatureVector{}
}

func TestMessageBody(t *testing.T) {
	at := time.Date(2026, 11, 21, 20, 10, 25, 0, time.UTC)
	tests := []struct {
		name    string
		msg     Message
		want    string
		wantErr bool
	}{
		{
			name: "known answer",
			msg:  vectorMessage(),
			want: vectorByName(t, "purchase-completed-non-ascii").Body,
		},
		{
			name: "whole seconds keep three digits, nil data is an object",
			msg:  Message{EventID: "evt_1", Event: "content.deleted", Timestamp: at},
			want: `{"id":"evt_1","event":"content.deleted","timestamp":"2026-11-21T20:10:25.000Z","data":{}}`,
		},
		{
			name: "sub-millisecond digits are cut, not rounded",
			msg:  Message{EventID: "evt_2", Event: "content.created", Timestamp: at.Add(999_999_999), Data: map[string]any{"slug": "a"}},
			want: `{"id":"evt_2","event":"content.created","timestamp":"2026-11-21T20:10:25.999Z","data":{"slug":"a"}}`,
		},
		{
			name:    "data that is not JSON",
			msg:     Message{EventID: "evt_3", Event: "content.created", Timestamp: at, Data: map[string]any{"x": math.NaN()}},
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.msg.Body()
			if tt.wantErr {
				if err == nil {
					t.Fatalf("want error, got %s", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("body\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestMessageRequestKnownAnswer(t *testing.T) {
	v := vectorByName(t, "purchase-completed-non-ascii")
	now := time.Unix(v.Timestamp, 0)
	req, err := vectorMessage().Request(context.Background(), "https://hooks.example.com/in?x=1", v.Secret, now)
	if err != nil {
		t.Fatal(err)
	}
	if req.Method != http.MethodPost || req.URL.String() != "https://hooks.example.com/in?x=1" {
		t.Errorf("got %s %s", req.Method, req.URL)
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != v.Body {
		t.Errorf("body\n got %s\nwant %s", body, v.Body)
	}
	if req.ContentLength != int64(len(v.Body)) || req.GetBody == nil {
		t.Errorf("ContentLength %d, GetBody set %v", req.ContentLength, req.GetBody != nil)
	}
	wantHeaders := map[string]string{
		"Content-Type":        "application/json",
		"User-Agent":          "CreatorContentAPI-Webhooks/1.0",
		"X-Service-Event":     "purchase.completed",
		"X-Service-Delivery":  v.MsgID,
		"X-Service-Signature": v.XServiceSignature,
		"X-Service-Timestamp": "1795291825",
		"webhook-id":          v.MsgID,
		"webhook-timestamp":   "1795291825",
		"webhook-signature":   v.WebhookSignature,
	}
	for name, want := range wantHeaders {
		if got := req.Header.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestMessageRequestErrors(t *testing.T) {
	ok := vectorMessage()
	secret := vectorByName(t, "purchase-completed-non-ascii").Secret
	now := time.Unix(1795291825, 0)
	tests := []struct {
		name   string
		mutate func(*Message)
		url    string
		secret string
		want   error
	}{
		{"no delivery id", func(m *Message) { m.DeliveryID = "" }, "https://example.com", secret, ErrMessageInvalid},
		{"no event id", func(m *Message) { m.EventID = "" }, "https://example.com", secret, ErrMessageInvalid},
		{"no event", func(m *Message) { m.Event = "" }, "https://example.com", secret, ErrMessageInvalid},
		{"malformed secret", func(*Message) {}, "https://example.com", "plain-secret", ErrSecretMalformed},
		{"unparsable url", func(*Message) {}, "https://exa mple.com/\x7f", secret, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ok
			tt.mutate(&m)
			req, err := m.Request(context.Background(), tt.url, tt.secret, now)
			if err == nil || req != nil {
				t.Fatalf("got %v, %v; want an error", req, err)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// TestMessageRequestReceived sends a real request to a receiver that checks
// both signatures the way a customer would, with the Standard Webhooks
// library and with an X-Service-Signature check over the raw body.
func TestMessageRequestReceived(t *testing.T) {
	secret, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	// The library's Verify compares webhook-timestamp with the real clock.
	now := time.Now()
	type seen struct {
		standardErr error
		xsigOK      bool
		event, ts   string
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Error(err)
		}
		wh, err := standardwebhooks.NewWebhook(secret)
		if err != nil {
			t.Error(err)
		}
		got <- seen{
			standardErr: wh.Verify(b, r.Header),
			xsigOK:      Verify(secret, b, r.Header.Get(HeaderSignature)),
			event:       r.Header.Get(HeaderEvent),
			ts:          r.Header.Get(HeaderTimestamp),
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)

	req, err := vectorMessage().Request(context.Background(), srv.URL, secret, now)
	if err != nil {
		t.Fatal(err)
	}
	res := Send(context.Background(), NewClient(ClientOptions{AllowPrivate: true}), req, time.Now)
	if res.Outcome != Delivered {
		t.Fatalf("result %+v", res)
	}
	s := <-got
	if s.standardErr != nil {
		t.Errorf("Standard Webhooks verify: %v", s.standardErr)
	}
	if !s.xsigOK {
		t.Error("X-Service-Signature did not verify")
	}
	if s.event != "purchase.completed" || s.ts != strconv.FormatInt(now.Unix(), 10) {
		t.Errorf("event %q, timestamp %q", s.event, s.ts)
	}
}
