package routes_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

// registerReceiver registers a webhook to a new receiver and returns the receiver, the
// subscription id and its secret.
func registerReceiver(t *testing.T, h *apitest.Harness) (*apitest.Receiver, string, string) {
	t.Helper()
	h.AllowPrivateWebhooks(true)
	key, _ := h.CreateKey(keys.ScopeWriteWebhooks)
	rcv := apitest.NewReceiver(t)
	reg := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
		Body: map[string]any{"url": rcv.URL}})
	if reg.Status != http.StatusCreated {
		t.Fatalf("register: %d %s", reg.Status, reg.Body)
	}
	return rcv, reg.JSON(t)["id"].(string), reg.JSON(t)["secret"].(string)
}

func TestDeliveryHistoryKeepsEveryAttempt(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	rcv, subID, secret := registerReceiver(t, h)

	rcv.Reply(apitest.Reply{Status: http.StatusInternalServerError, Body: "boom " + strings.Repeat("x", 1200)})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Hi", "slug": "hi", "visibility": "public"})
	runDue(t, h)
	h.Clock.Advance(time.Minute)
	runDue(t, h) // the retry: 204
	d := c.deliveries(subID)[0]
	attempts := d["attempts"].([]any)
	if d["status"] != "succeeded" || len(attempts) != 2 {
		t.Fatalf("delivery %v", d)
	}
	first, second := attempts[0].(map[string]any), attempts[1].(map[string]any)
	if first["at"] != "2026-11-21 12:00:00.000Z" || first["status_code"] != 500.0 || first["error"] != "HTTP 500" ||
		first["duration_ms"] != 0.0 || len([]rune(first["response_excerpt"].(string))) != 1000 ||
		!strings.HasPrefix(first["response_excerpt"].(string), "boom x") {
		t.Errorf("first attempt %v", first)
	}
	if second["at"] != "2026-11-21 12:01:00.000Z" || second["status_code"] != 204.0 || second["error"] != nil || second["response_excerpt"] != "" {
		t.Errorf("second attempt %v", second)
	}
	// The headers sent, as the receiver got them; the signatures are there, never the secret.
	got := rcv.Received()[1].Header
	headers := second["request_headers"].(map[string]any)
	for _, name := range []string{"Content-Type", "User-Agent", "X-Service-Event", "X-Service-Delivery", "X-Service-Signature",
		"X-Service-Timestamp", "Webhook-Id", "Webhook-Timestamp", "Webhook-Signature"} {
		if headers[name] != got.Get(name) || got.Get(name) == "" {
			t.Errorf("%s stored %q, sent %q", name, headers[name], got.Get(name))
		}
	}
	raw, err := json.Marshal(attempts)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), secret) || strings.Contains(string(raw), strings.TrimPrefix(secret, "whsec_")) {
		t.Fatal("an attempt holds the secret")
	}

	// A redelivery's attempts join the history; the owner's test ping is not stored. The
	// redelivery is attempted at once, by the dispatcher in the background: the answer may or
	// may not show it yet, and runDue waits for it.
	res, data := c.do(http.MethodPost, "/api/admin/webhook-deliveries/"+d["id"].(string)+"/redeliver", nil)
	if n := len(data["attempts"].([]any)); res.Status != http.StatusAccepted || n < 2 || n > 3 {
		t.Fatalf("redeliver: %d %s", res.Status, res.Body)
	}
	h.Clock.Advance(time.Minute)
	runDue(t, h)
	if res, _ := c.do(http.MethodPost, "/api/admin/webhooks/"+subID+"/test", nil); res.Status != http.StatusOK {
		t.Fatalf("test: %d %s", res.Status, res.Body)
	}
	attempts = c.deliveries(subID)[0]["attempts"].([]any)
	if at := attempts[len(attempts)-1].(map[string]any)["at"]; len(attempts) != 3 || (at != "2026-11-21 12:01:00.000Z" && at != "2026-11-21 12:02:00.000Z") {
		t.Fatalf("after redelivery and ping: %v", attempts)
	}
	if n, err := h.App.CountRecords(vocab.WebhookAttempts); err != nil || n != 3 {
		t.Fatalf("%d attempts stored, %v", n, err)
	}

	// Deleting the subscription deletes its deliveries and their attempts.
	if res, _ := c.do(http.MethodDelete, "/api/admin/webhooks/"+subID, nil); res.Status != http.StatusNoContent {
		t.Fatalf("delete: %d", res.Status)
	}
	if n, err := h.App.CountRecords(vocab.WebhookAttempts); err != nil || n != 0 {
		t.Fatalf("%d attempts left, %v", n, err)
	}
}

func TestWebhookStats(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	_, subID, _ := registerReceiver(t, h)
	_, otherID, _ := registerReceiver(t, h)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Hi", "slug": "hi", "visibility": "public"})
	runDue(t, h) // one 204 attempt today (2026-11-21) for each subscription

	// Earlier attempts of the delivery, written directly: durations by day.
	dlv := c.deliveries(subID)[0]["id"].(string)[len("dlv_"):]
	for i, a := range []struct {
		at   string
		code int
		ms   int
	}{
		{"2026-11-20 23:59:59.999Z", 200, 10},
		{"2026-11-20 00:00:00.000Z", 500, 30},
		{"2026-11-20 08:00:00.000Z", 0, 20},
		{"2026-11-17 10:00:00.000Z", 200, 10},
		{"2026-11-17 11:00:00.000Z", 404, 41},
		{"2026-11-14 23:59:59.999Z", 200, 99}, // the day before the 7 days
	} {
		_, err := h.App.DB().Insert(vocab.WebhookAttempts, dbx.Params{"id": "attempt" + strings.Repeat("0", 7) + string(rune('a'+i)),
			"delivery": dlv, "at": a.at, "status_code": a.code, "duration_ms": a.ms, "request_headers": "{}"}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}

	res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/" + subID + "/stats?days=7", Headers: owner(c.token)})
	want := `{"data":[` +
		`{"date":"2026-11-15","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-16","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-17","succeeded":1,"failed":1,"median_ms":26},` +
		`{"date":"2026-11-18","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-19","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-20","succeeded":1,"failed":2,"median_ms":20},` +
		`{"date":"2026-11-21","succeeded":1,"failed":0,"median_ms":0}]}`
	if res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != want {
		t.Fatalf("%d %s\nwant %s", res.Status, res.Body, want)
	}

	res = h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/" + otherID + "/stats?days=1", Headers: owner(c.token)})
	if want := `{"data":[{"date":"2026-11-21","succeeded":1,"failed":0,"median_ms":0}]}`; res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != want {
		t.Fatalf("other subscription, 1 day: %d %s", res.Status, res.Body)
	}
	if n := len(c.statsDays(subID, "")); n != 7 {
		t.Fatalf("default: %d days", n)
	}
	for _, q := range []string{"days=0", "days=91", "days=x"} {
		res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/" + subID + "/stats?" + q, Headers: owner(c.token)})
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `\"days\"`) {
			t.Errorf("%s: %d %s", q, res.Status, res.Body)
		}
	}
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/xxxxxxxxxxxxxxx/stats", Headers: owner(c.token)}); res.Status != http.StatusNotFound {
		t.Errorf("unknown subscription: %d %s", res.Status, res.Body)
	}
}

// statsDays returns the days of the subscription's stats with query q.
func (c adminClient) statsDays(subID, q string) []any {
	c.t.Helper()
	res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/" + subID + "/stats?" + q, Headers: owner(c.token)})
	if res.Status != http.StatusOK {
		c.t.Fatalf("stats: %d %s", res.Status, res.Body)
	}
	return res.JSON(c.t)["data"].([]any)
}
