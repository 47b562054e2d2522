package sender_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

func TestDeliveryIsSignedAndSentRightAfterTheCommit(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewReceiver(t)
	sub, secret := webhooktest.Subscribe(t, h.App, rcv.URL)
	post := webhooktest.NewPost(t, h.App, "hello")

	// No RunDue: the after-commit kick alone makes the dispatcher send it.
	got := rcv.Next()
	webhooktest.RunDue(t, h) // wait until the attempt is recorded
	dlv := webhooktest.OnlyDelivery(t, h.App, sub)
	events, err := h.App.FindAllRecords(vocab.WebhookEvents)
	if err != nil || len(events) != 1 {
		t.Fatalf("%d events, %v", len(events), err)
	}
	unix := strconv.FormatInt(apitest.Epoch.Unix(), 10)
	for name, want := range map[string]string{
		"Content-Type":        "application/json",
		"User-Agent":          wire.UserAgent,
		"X-Service-Event":     vocab.EventContentCreated,
		"X-Service-Delivery":  "dlv_" + dlv.Id,
		"X-Service-Timestamp": unix,
		"Webhook-Id":          "dlv_" + dlv.Id,
		"Webhook-Timestamp":   unix,
	} {
		if v := got.Header.Get(name); v != want {
			t.Errorf("%s = %q, want %q", name, v, want)
		}
	}
	var body map[string]any
	if err := json.Unmarshal(got.Body, &body); err != nil {
		t.Fatal(err)
	}
	webhooktest.JSONEqual(t, body, `{"id":"evt_`+events[0].Id+`","event":"content.created","timestamp":"2026-11-21T12:00:00.000Z",
		"data":{"id":"`+post.Id+`","collection":"posts","title":"hello","slug":"hello","published_at":null}}`)

	// An independent HMAC-SHA256 over the raw body, keyed with the whole secret string.
	verify := func(body []byte) bool {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(body)
		want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
		return hmac.Equal([]byte(got.Header.Get("X-Service-Signature")), []byte(want))
	}
	tampered := bytes.Replace(got.Body, []byte("hello"), []byte("hellO"), 1)
	if !verify(got.Body) {
		t.Error("X-Service-Signature does not verify")
	}
	if verify(tampered) {
		t.Error("X-Service-Signature verifies a tampered body")
	}
	// The Standard Webhooks reference library, with the same secret. Its Verify also checks
	// the timestamp against the real clock; the harness clock is fixed, so skip that part.
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := wh.VerifyIgnoringTimestamp(got.Body, got.Header); err != nil {
		t.Errorf("Standard Webhooks: %v", err)
	}
	if err := wh.VerifyIgnoringTimestamp(tampered, got.Header); !errors.Is(err, standardwebhooks.ErrNoMatchingSignature) {
		t.Errorf("Standard Webhooks on a tampered body: %v", err)
	}

	if s := dlv.GetString("status"); s != "succeeded" || dlv.GetInt("attempt") != 1 || dlv.GetInt("last_status_code") != 204 ||
		dlv.GetDateTime("delivered_at").IsZero() || !dlv.GetDateTime("next_attempt_at").IsZero() {
		t.Errorf("delivery after success: %v", dlv.FieldsData())
	}
	if n := len(rcv.Received()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestRetryScheduleThenFailed(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewReceiver(t)
	rcv.ReplyStatus(http.StatusInternalServerError, wire.MaxAttempts)
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
	webhooktest.NewPost(t, h.App, "retry")

	if n := webhooktest.RunDue(t, h); n > 1 { // the first attempt may already have gone out after the commit
		t.Fatalf("%d attempts at once", n)
	}
	for i, delay := range wire.RetryDelays() {
		dlv := webhooktest.OnlyDelivery(t, h.App, sub)
		wantNext := h.Clock.Now().Add(delay)
		if dlv.GetString("status") != "pending" || dlv.GetInt("attempt") != i+1 ||
			!dlv.GetDateTime("next_attempt_at").Time().Equal(wantNext) || dlv.GetString("last_error") != "HTTP 500" {
			t.Fatalf("after attempt %d: %v; want next at %v", i+1, dlv.FieldsData(), wantNext)
		}
		h.Clock.Advance(delay - time.Millisecond)
		if n := webhooktest.RunDue(t, h); n != 0 {
			t.Fatalf("attempt made %v early", time.Millisecond)
		}
		h.Clock.Advance(time.Millisecond)
		if n := webhooktest.RunDue(t, h); n != 1 {
			t.Fatalf("retry %d: %d attempts, want 1", i+1, n)
		}
	}
	dlv := webhooktest.OnlyDelivery(t, h.App, sub)
	if dlv.GetString("status") != "failed" || dlv.GetInt("attempt") != wire.MaxAttempts || !dlv.GetDateTime("next_attempt_at").IsZero() {
		t.Fatalf("after the last attempt: %v", dlv.FieldsData())
	}
	h.Clock.Advance(24 * time.Hour)
	if n := webhooktest.RunDue(t, h); n != 0 {
		t.Fatalf("%d attempts after the last", n)
	}
	if n := len(rcv.Received()); n != wire.MaxAttempts {
		t.Fatalf("receiver got %d requests, want %d", n, wire.MaxAttempts)
	}
	sub = webhooktest.Reload(t, h.App, sub)
	if sub.GetInt("failure_count") != wire.MaxAttempts || !sub.GetBool("enabled") {
		t.Fatalf("subscription: %v", sub.FieldsData())
	}
}

func TestConsecutiveFailuresSwitchOffAndResets(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewReceiver(t)
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)

	// 9 failures, then a success resets the count.
	rcv.ReplyStatus(http.StatusServiceUnavailable, 9)
	for i := range 9 {
		webhooktest.NewPost(t, h.App, "fail-"+strconv.Itoa(i))
	}
	webhooktest.RunDue(t, h)
	if sub = webhooktest.Reload(t, h.App, sub); sub.GetInt("failure_count") != 9 || !sub.GetBool("enabled") {
		t.Fatalf("after 9 failures: %v", sub.FieldsData())
	}
	webhooktest.NewPost(t, h.App, "ok")
	webhooktest.RunDue(t, h)
	if sub = webhooktest.Reload(t, h.App, sub); sub.GetInt("failure_count") != 0 {
		t.Fatalf("after a success: %v", sub.FieldsData())
	}

	// 10 failures in a row switch it off, and end its pending deliveries.
	rcv.ReplyStatus(http.StatusServiceUnavailable, 10)
	for i := range 10 {
		webhooktest.NewPost(t, h.App, "again-"+strconv.Itoa(i))
	}
	webhooktest.RunDue(t, h)
	sub = webhooktest.Reload(t, h.App, sub)
	if sub.GetBool("enabled") || sub.GetInt("failure_count") != 10 || sub.GetString("disabled_reason") != "10 consecutive failed delivery attempts" {
		t.Fatalf("after 10 failures: %v", sub.FieldsData())
	}
	for _, d := range webhooktest.DeliveriesOf(t, h.App, sub.Id) {
		if d.GetString("status") == "pending" {
			t.Errorf("delivery %s still pending after the switch-off", d.Id)
		}
	}
	before := len(rcv.Received())
	h.Clock.Advance(time.Hour)
	webhooktest.NewPost(t, h.App, "while-off")
	if n := webhooktest.RunDue(t, h); n != 0 || len(rcv.Received()) != before {
		t.Fatalf("%d attempts to a switched-off subscription", n)
	}

	// Re-enabling (here from Go, as the dashboard would) resets the count and the reason.
	sub = webhooktest.Update(t, h.App, sub, map[string]any{"enabled": true})
	if sub.GetInt("failure_count") != 0 || sub.GetString("disabled_reason") != "" {
		t.Fatalf("after re-enabling: %v", sub.FieldsData())
	}
}

func TestReceiverAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		reply apitest.Reply
		check func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record)
	}{
		{
			name:  "410 switches the subscription off at once",
			reply: apitest.Reply{Status: http.StatusGone},
			check: func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record) {
				if sub.GetBool("enabled") || sub.GetString("disabled_reason") != "the receiver answered 410 Gone" {
					t.Errorf("subscription: %v", sub.FieldsData())
				}
				if dlv.GetString("status") != "failed" || dlv.GetInt("last_status_code") != 410 {
					t.Errorf("delivery: %v", dlv.FieldsData())
				}
			},
		},
		{
			name:  "429 with Retry-After longer than the schedule",
			reply: apitest.Reply{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "600"}},
			check: func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record) {
				if want := h.Clock.Now().Add(10 * time.Minute); !dlv.GetDateTime("next_attempt_at").Time().Equal(want) {
					t.Errorf("next attempt %v, want %v", dlv.GetDateTime("next_attempt_at"), want)
				}
				if dlv.GetString("status") != "pending" || !sub.GetBool("enabled") {
					t.Errorf("delivery %v, subscription %v", dlv.FieldsData(), sub.FieldsData())
				}
			},
		},
		{
			name:  "429 with a shorter Retry-After keeps the schedule",
			reply: apitest.Reply{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "5"}},
			check: func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record) {
				if want := h.Clock.Now().Add(time.Minute); !dlv.GetDateTime("next_attempt_at").Time().Equal(want) {
					t.Errorf("next attempt %v, want %v", dlv.GetDateTime("next_attempt_at"), want)
				}
			},
		},
		{
			name:  "a redirect is a failure and is not followed",
			reply: apitest.Reply{Status: http.StatusFound, Header: map[string]string{"Location": "/elsewhere"}},
			check: func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record) {
				if dlv.GetString("status") != "pending" || dlv.GetInt("last_status_code") != 302 ||
					!strings.HasPrefix(dlv.GetString("last_error"), "redirect to ") || sub.GetInt("failure_count") != 1 {
					t.Errorf("delivery %v, subscription %v", dlv.FieldsData(), sub.FieldsData())
				}
			},
		},
		{
			name:  "a 2xx with a body is delivered and the excerpt kept",
			reply: apitest.Reply{Status: http.StatusAccepted, Body: strings.Repeat("é", 700)},
			check: func(t *testing.T, h *apitest.Harness, sub, dlv *core.Record) {
				if dlv.GetString("status") != "succeeded" || len([]rune(dlv.GetString("response_excerpt"))) != 512 {
					t.Errorf("delivery %v", dlv.FieldsData())
				}
			},
		},
	}
	h := webhooktest.NewHarness(t)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rcv := apitest.NewReceiver(t)
			rcv.Reply(tt.reply)
			sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
			defer func() { // the next case gets a subscription of its own
				if err := h.App.Delete(webhooktest.Reload(t, h.App, sub)); err != nil {
					t.Fatal(err)
				}
			}()
			webhooktest.NewPost(t, h.App, "p"+strconv.Itoa(i))
			webhooktest.RunDue(t, h)
			if n := len(rcv.Received()); n != 1 {
				t.Fatalf("receiver got %d requests, want 1", n)
			}
			tt.check(t, h, webhooktest.Reload(t, h.App, sub), webhooktest.OnlyDelivery(t, h.App, sub))
		})
	}
}

func TestGuardedClientRefusesPrivateAddressesAtDeliveryTime(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewTLSReceiver(t) // https on 127.0.0.1: only the address guard can refuse it
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
	h.AllowPrivateWebhooks(false) // the owner switches private webhooks off again
	webhooktest.NewPost(t, h.App, "p")
	webhooktest.RunDue(t, h)
	dlv := webhooktest.OnlyDelivery(t, h.App, sub)
	if dlv.GetString("last_error") != "destination is not a public address" || dlv.GetString("status") != "pending" {
		t.Fatalf("delivery: %v", dlv.FieldsData())
	}
	if n := len(rcv.Received()); n != 0 {
		t.Fatalf("receiver got %d requests", n)
	}
}
