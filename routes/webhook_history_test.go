package routes_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// registerReceiver registers a webhook to a new receiver and returns the receiver, the
// subscription id and its secret.
func registerReceiver(t *testing.T, h *apitest.Harness) (*apitest.Receiver, string, string) {
	t.Helper()
	h.AllowPrivateWebhooks(true)
	key, _ := h.CreateKey(keys.ScopeWriteWebhooks)
	rcv := apitest.NewReceiver(t)
	reg := storyStep(t, h, apitest.Scenario{Name: "register", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
		Body: map[string]any{"url": rcv.URL}, ExpectedStatus: http.StatusCreated}).JSON(t)
	return rcv, reg["id"].(string), reg["secret"].(string)
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
	asOwner := owner(c.token)
	storyStep(t, h, apitest.Scenario{Name: "redeliver", Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/" + d["id"].(string) + "/redeliver",
		Headers: asOwner, ExpectedStatus: http.StatusAccepted, After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
			if n := len(res.JSON(t)["data"].(map[string]any)["attempts"].([]any)); n < 2 || n > 3 {
				t.Errorf("%d attempts", n)
			}
		}})
	h.Clock.Advance(time.Minute)
	runDue(t, h)
	storyStep(t, h, apitest.Scenario{Name: "test ping", Method: http.MethodPost, Path: "/api/admin/webhooks/" + subID + "/test",
		Headers: asOwner, ExpectedStatus: http.StatusOK})
	attempts = c.deliveries(subID)[0]["attempts"].([]any)
	if at := attempts[len(attempts)-1].(map[string]any)["at"]; len(attempts) != 3 || (at != "2026-11-21 12:01:00.000Z" && at != "2026-11-21 12:02:00.000Z") {
		t.Fatalf("after redelivery and ping: %v", attempts)
	}
	if n, err := h.App.CountRecords(vocab.WebhookAttempts); err != nil || n != 3 {
		t.Fatalf("%d attempts stored, %v", n, err)
	}

	// Deleting the subscription deletes its deliveries and their attempts.
	storyStep(t, h, apitest.Scenario{Name: "delete", Method: http.MethodDelete, Path: "/api/admin/webhooks/" + subID,
		Headers: asOwner, ExpectedStatus: http.StatusNoContent})
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

	stats := func(name, sub, query string, status int, code string) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: "/api/admin/webhooks/" + sub + "/stats" + query, Headers: owner(c.token),
			ExpectedStatus: status, ExpectedCode: code}
	}
	badDays := func(query string) apitest.Scenario {
		s := stats(query, subID, "?"+query, http.StatusBadRequest, "invalid_request")
		s.ExpectedContent = []string{`\"days\"`}
		return s
	}
	week := stats("7 days", subID, "?days=7", http.StatusOK, "")
	week.After = bodyIs(`{"data":[` +
		`{"date":"2026-11-15","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-16","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-17","succeeded":1,"failed":1,"median_ms":26},` +
		`{"date":"2026-11-18","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-19","succeeded":0,"failed":0,"median_ms":null},` +
		`{"date":"2026-11-20","succeeded":1,"failed":2,"median_ms":20},` +
		`{"date":"2026-11-21","succeeded":1,"failed":0,"median_ms":0}]}`)
	day := stats("other subscription, 1 day", otherID, "?days=1", http.StatusOK, "")
	day.After = bodyIs(`{"data":[{"date":"2026-11-21","succeeded":1,"failed":0,"median_ms":0}]}`)
	byDefault := stats("default: 7 days, to today", subID, "", http.StatusOK, "")
	byDefault.ExpectedJSON = map[string]any{"data.0.date": "2026-11-15", "data.6.date": "2026-11-21", "data.7": apitest.Absent}
	for _, s := range []apitest.Scenario{
		week, day, byDefault,
		badDays("days=0"), badDays("days=91"), badDays("days=x"),
		stats("unknown subscription", "xxxxxxxxxxxxxxx", "", http.StatusNotFound, "not_found"),
	} {
		s.Test(t, h)
	}
}
