package routes_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// adminClient calls the admin API as the owner.
type adminClient struct {
	t     *testing.T
	h     *apitest.Harness
	token string
}

func (c adminClient) do(method, path string, body any) (*apitest.Response, map[string]any) {
	c.t.Helper()
	res := c.h.Do(apitest.Request{Method: method, Path: path, Body: body, Headers: owner(c.token)})
	var out map[string]any
	if len(res.Body) > 0 {
		if err := json.Unmarshal(res.Body, &out); err != nil {
			c.t.Fatalf("%s %s: %v: %s", method, path, err, res.Body)
		}
	}
	data, _ := out["data"].(map[string]any)
	return res, data
}

func (c adminClient) deliveries(subID string) []map[string]any {
	c.t.Helper()
	res := storyStep(c.t, c.h, apitest.Scenario{Path: "/api/admin/webhooks/" + subID + "/deliveries", Headers: owner(c.token), ExpectedStatus: http.StatusOK})
	var out []map[string]any
	for _, d := range res.JSON(c.t)["data"].([]any) {
		out = append(out, d.(map[string]any))
	}
	return out
}

func runDue(t *testing.T, h *apitest.Harness) {
	t.Helper()
	if _, err := h.Webhooks.RunDue(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestAdminWebhooks: each subtest registers a subscription of its own (to a receiver of its
// own, deleted when it ends) and brings it to the state it starts from, so any one of them
// runs alone.
func TestAdminWebhooks(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.AllowPrivateWebhooks(true)
	token := h.SuperuserToken()
	key, _ := h.CreateKey(keys.ScopeWriteWebhooks)

	// sub is a subtest's subscription, registered with the key as a receiver would.
	type sub struct {
		id, secret, base string
		rcv              *apitest.Receiver
	}
	newSub := func(t *testing.T, events ...string) (adminClient, sub) {
		t.Helper()
		c := adminClient{t: t, h: h.For(t), token: token}
		rcv := apitest.NewReceiver(t)
		body := map[string]any{"url": rcv.URL, "description": "mine"}
		if events != nil {
			body["events"] = events
		}
		reg := storyStep(t, c.h, apitest.Scenario{Name: "register", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: body,
			ExpectedStatus: http.StatusCreated})
		s := sub{id: reg.JSON(t)["id"].(string), secret: reg.JSON(t)["secret"].(string), rcv: rcv}
		s.base = "/api/admin/webhooks/" + s.id
		t.Cleanup(func() { c.h.Do(apitest.Request{Method: http.MethodDelete, Path: s.base, Headers: owner(token)}) })
		return c, s
	}
	// listed is s as the owner's list shows it.
	listed := func(t *testing.T, c adminClient, s sub) map[string]any {
		t.Helper()
		res := storyStep(t, c.h, apitest.Scenario{Name: "list", Path: "/api/admin/webhooks", Headers: owner(c.token), ExpectedStatus: http.StatusOK})
		for _, item := range res.JSON(t)["data"].([]any) {
			if item.(map[string]any)["id"] == s.id {
				return item.(map[string]any)
			}
		}
		t.Fatalf("%s is not in the list %s", s.id, res.Body)
		return nil
	}
	// failedDelivery has s's receiver answer 410 to a content.created: the delivery fails at
	// once and switches the subscription off. It returns the delivery's id.
	failedDelivery := func(t *testing.T, c adminClient, s sub) string {
		t.Helper()
		s.rcv.Reply(apitest.Reply{Status: http.StatusGone})
		c.h.SaveRecord(vocab.Posts, map[string]any{"title": "Gone", "visibility": "public"})
		runDue(t, c.h)
		ds := c.deliveries(s.id)
		if len(ds) != 1 {
			t.Fatalf("%d deliveries", len(ds))
		}
		return ds[0]["id"].(string)
	}

	t.Run("list", func(t *testing.T) {
		c, s := newSub(t)
		if mine := listed(t, c, s); mine["enabled"] != true || mine["failure_count"] != 0.0 || mine["disabled_reason"] != nil || mine["description"] != "mine" {
			t.Fatalf("listed as %v", mine)
		}
	})
	t.Run("test delivery sends a signed ping", func(t *testing.T) {
		c, s := newSub(t)
		testDelivery := apitest.Scenario{Name: "test delivery", Method: http.MethodPost, Path: s.base + "/test", Headers: owner(c.token),
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.delivered": true, "data.status_code": 204, "data.error": nil}}
		storyStep(t, c.h, testDelivery)
		got := s.rcv.Next()
		var body map[string]any
		if err := json.Unmarshal(got.Body, &body); err != nil {
			t.Fatal(err)
		}
		d, _ := body["data"].(map[string]any)
		if got.Header.Get("X-Service-Event") != "ping" || body["event"] != "ping" || d["subscription_id"] != s.id || d["test"] != true ||
			!strings.HasPrefix(body["id"].(string), "evt_") || !strings.HasPrefix(got.Header.Get("X-Service-Delivery"), "dlv_") {
			t.Fatalf("ping %v %s", got.Header, got.Body)
		}
		if !wire.Verify(s.secret, got.Body, got.Header.Get("X-Service-Signature")) {
			t.Fatal("ping signature does not verify")
		}
		s.rcv.Reply(apitest.Reply{Status: http.StatusInternalServerError, Body: "boom"})
		testDelivery.Name = "failing test delivery"
		testDelivery.ExpectedJSON = map[string]any{"data.delivered": false, "data.status_code": 500, "data.error": "HTTP 500", "data.response_excerpt": "boom"}
		storyStep(t, c.h, testDelivery)
		if n := len(c.deliveries(s.id)); n != 0 {
			t.Fatalf("test deliveries are stored: %d", n)
		}
		apitest.Scenario{Name: "GET on a subscription", Path: s.base, Headers: owner(c.token),
			ExpectedStatus: http.StatusMethodNotAllowed, ExpectedCode: "method_not_allowed", ExpectedJSON: map[string]any{"data": apitest.Absent}}.Test(t, c.h)
	})
	t.Run("410 switches off; history shows it", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		dlvID := failedDelivery(t, c, s)
		d := c.deliveries(s.id)[0]
		if !strings.HasPrefix(dlvID, "dlv_") || !strings.HasPrefix(d["event_id"].(string), "evt_") || d["event"] != "content.created" ||
			d["status"] != "failed" || d["attempt"] != 1.0 || d["last_status_code"] != 410.0 || d["last_error"] != "HTTP 410" ||
			d["next_attempt_at"] != nil || d["delivered_at"] != nil {
			t.Fatalf("delivery %v", d)
		}
		if sub := listed(t, c, s); sub["enabled"] != false || sub["disabled_reason"] != "the receiver answered 410 Gone" {
			t.Fatalf("subscription %v", sub)
		}
		apitest.Scenario{Name: "redeliver to a switched-off subscription", Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/" + dlvID + "/redeliver",
			Headers: owner(c.token), ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"}.Test(t, c.h)
	})
	t.Run("re-enable resets the failures", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		failedDelivery(t, c, s)
		apitest.Scenario{Name: "re-enable", Method: http.MethodPatch, Path: s.base, Headers: owner(c.token), Body: map[string]any{"enabled": true}, ExpectedStatus: http.StatusOK,
			ExpectedJSON: map[string]any{"data.enabled": true, "data.failure_count": 0, "data.disabled_reason": nil}}.Test(t, c.h)
	})
	t.Run("redeliver", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		dlvID := failedDelivery(t, c, s)
		storyStep(t, c.h, apitest.Scenario{Name: "re-enable", Method: http.MethodPatch, Path: s.base, Headers: owner(c.token), Body: map[string]any{"enabled": true},
			ExpectedStatus: http.StatusOK})
		storyStep(t, c.h, apitest.Scenario{Name: "redeliver", Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/" + dlvID + "/redeliver", Headers: owner(c.token),
			ExpectedStatus: http.StatusAccepted, ExpectedJSON: map[string]any{"data.id": dlvID, "data.status": "pending", "data.attempt": 0},
			ExpectedContent: []string{`"next_attempt_at":"`}})
		runDue(t, c.h)
		received := s.rcv.Received()
		if last := received[len(received)-1]; last.Header.Get("X-Service-Delivery") != dlvID {
			t.Fatalf("redelivered as %q, want %q", last.Header.Get("X-Service-Delivery"), dlvID)
		}
		if d := c.deliveries(s.id)[0]; d["status"] != "succeeded" || d["delivered_at"] == nil || d["last_error"] != nil {
			t.Fatalf("after redelivery %v", d)
		}
	})
	t.Run("switching off ends pending deliveries", func(t *testing.T) {
		c, s := newSub(t, "testimonial.submitted")
		s.rcv.Reply(apitest.Reply{Status: http.StatusServiceUnavailable})
		c.h.SaveRecord(vocab.Testimonials, map[string]any{"name": "T", "body": "b"})
		runDue(t, c.h)
		if d := c.deliveries(s.id)[0]; d["status"] != "pending" || d["next_attempt_at"] == nil {
			t.Fatalf("before switching off %v", d)
		}
		storyStep(t, c.h, apitest.Scenario{Name: "switch off", Method: http.MethodPatch, Path: s.base, Headers: owner(c.token), Body: map[string]any{"enabled": false},
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.enabled": false, "data.disabled_reason": nil}})
		if d := c.deliveries(s.id)[0]; d["status"] != "failed" || d["last_error"] != "subscription switched off" {
			t.Fatalf("after switching off %v", d)
		}
	})
	t.Run("patch events and description", func(t *testing.T) {
		c, s := newSub(t)
		patch := func(name string, body map[string]any, status int) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: http.MethodPatch, Path: s.base, Headers: owner(c.token), Body: body, ExpectedStatus: status}
		}
		good := patch("events and description", map[string]any{"events": []string{"course.enrolled"}, "description": "new"}, http.StatusOK)
		good.ExpectedJSON = map[string]any{"data.description": "new", "data.events": []string{"course.enrolled"}}
		bad := func(field string, body map[string]any) apitest.Scenario {
			s := patch("bad "+field, body, http.StatusBadRequest)
			s.ExpectedCode, s.ExpectedContent = "invalid_request", []string{`\"` + field + `\"`}
			return s
		}
		for _, s := range []apitest.Scenario{
			good,
			bad("events", map[string]any{"events": []string{"nope"}}),
			bad("description", map[string]any{"description": strings.Repeat("x", 501)}),
			bad("url", map[string]any{"url": "https://1.1.1.1/"}),
			bad("enabled", map[string]any{"enabled": "yes"}),
		} {
			s.Test(t, c.h)
		}
	})
	t.Run("deliveries limit", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		c.h.SaveRecord(vocab.Posts, map[string]any{"title": "Delivered", "visibility": "public"})
		for _, q := range []string{"limit=0", "limit=201", "limit=x"} {
			apitest.Scenario{Name: q, Path: s.base + "/deliveries?" + q, Headers: owner(c.token),
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"limit\"`}}.Test(t, c.h)
		}
		apitest.Scenario{Name: "limit=1", Path: s.base + "/deliveries?limit=1", Headers: owner(c.token), ExpectedStatus: http.StatusOK,
			After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				if n := len(res.JSON(t)["data"].([]any)); n != 1 {
					t.Fatalf("limit=1: %d items", n)
				}
			}}.Test(t, c.h)
	})
	t.Run("unknown ids", func(t *testing.T) {
		for _, s := range webhookAdminCalls("xxxxxxxxxxxxxxx", "dlv_xxxxxxxxxxxxxxx") {
			if s.Path == "/api/admin/webhooks" {
				continue // the list names no id
			}
			s.Headers, s.Body, s.ExpectedStatus, s.ExpectedCode = owner(token), map[string]any{}, http.StatusNotFound, "not_found"
			s.Test(t, h)
		}
	})
	t.Run("API keys are not the owner", func(t *testing.T) {
		_, s := newSub(t)
		all, _ := h.For(t).CreateKey(keys.Scopes()...)
		for _, s := range webhookAdminCalls(s.id, "dlv_aaaaaaaaaaaaaaa") {
			s.Headers, s.Body, s.ExpectedStatus, s.ExpectedCode = apitest.Bearer(all), `{}`, http.StatusUnauthorized, "unauthorized"
			s.Test(t, h)
		}
	})
	t.Run("the list shows the registering key", func(t *testing.T) { adminWebhooksShowTheRegisteringKey(t, h.For(t), token) })
	t.Run("delete", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		c.h.SaveRecord(vocab.Posts, map[string]any{"title": "To be deleted", "visibility": "public"})
		if n := len(c.deliveries(s.id)); n != 1 {
			t.Fatalf("%d deliveries before the delete", n)
		}
		deleteSub := apitest.Scenario{Name: "delete", Method: http.MethodDelete, Path: s.base, Headers: owner(c.token), ExpectedStatus: http.StatusNoContent}
		storyStep(t, c.h, deleteSub)
		if left, err := c.h.App.FindRecordsByFilter(vocab.WebhookDeliveries, "subscription = {:id}", "", 0, 0, dbx.Params{"id": s.id}); err != nil || len(left) != 0 {
			t.Fatalf("%d deliveries left, %v", len(left), err)
		}
		deleteSub.Name, deleteSub.ExpectedStatus, deleteSub.ExpectedCode = "second delete", http.StatusNotFound, "not_found"
		deleteSub.Test(t, c.h)
	})
}

// adminWebhooksShowTheRegisteringKey: the owner's list names the key that registered each
// subscription, null for the owner's own; after a revoke the id stays and the name goes.
func adminWebhooksShowTheRegisteringKey(t *testing.T, h *apitest.Harness, token string) {
	name := "CRM sync"
	key, keyID := h.CreateKeyWith(keys.Fields{Name: &name, Scopes: &[]string{keys.ScopeWriteWebhooks}})
	for _, s := range []apitest.Scenario{
		{Name: "the key registers", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: map[string]any{"url": "https://1.1.1.1/key"},
			ExpectedStatus: http.StatusCreated},
		{Name: "the owner registers", Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: owner(token), Body: map[string]any{"url": "https://1.1.1.1/owner"},
			ExpectedStatus: http.StatusCreated},
	} {
		storyStep(t, h, s)
	}
	byURL := func() map[string]map[string]any {
		res := storyStep(t, h, apitest.Scenario{Name: "list", Path: "/api/admin/webhooks", Headers: owner(token), ExpectedStatus: http.StatusOK})
		out := map[string]map[string]any{}
		for _, s := range res.JSON(t)["data"].([]any) {
			sub := s.(map[string]any)
			out[sub["url"].(string)] = sub
		}
		return out
	}
	// Neither subscription outlives the subtest: the other subtests' events are not for them.
	t.Cleanup(func() {
		for _, sub := range byURL() {
			if url := sub["url"].(string); url == "https://1.1.1.1/key" || url == "https://1.1.1.1/owner" {
				apitest.Scenario{Name: "delete " + url, Method: http.MethodDelete, Path: "/api/admin/webhooks/" + sub["id"].(string), Headers: owner(token),
					ExpectedStatus: http.StatusNoContent}.Check(t, h)
			}
		}
	})
	for _, step := range []struct {
		name     string
		keyName  any
		keyState any // enabled of the key's subscription
	}{
		{"before the revoke", name, true},
		{"after the revoke", nil, false},
	} {
		if step.keyName == nil {
			storyStep(t, h, apitest.Scenario{Name: "revoke", Method: http.MethodDelete, Path: "/api/admin/api-keys/" + keyID, Headers: owner(token),
				ExpectedStatus: http.StatusNoContent})
		}
		subs := byURL()
		k, o := subs["https://1.1.1.1/key"], subs["https://1.1.1.1/owner"]
		if k["api_key"] != keyID || k["api_key_name"] != step.keyName || k["enabled"] != step.keyState {
			t.Errorf("%s: the key's subscription %v", step.name, k)
		}
		if o["api_key"] != nil || o["api_key_name"] != nil || o["enabled"] != true {
			t.Errorf("%s: the owner's subscription %v", step.name, o)
		}
	}
}

// webhookAdminCalls are a call of each of the owner's webhook routes (method and path only),
// on the subscription subID and the delivery dlvID, named without the ids.
func webhookAdminCalls(subID, dlvID string) []apitest.Scenario {
	calls := []apitest.Scenario{
		{Method: http.MethodGet, Path: "/api/admin/webhooks"},
		{Method: http.MethodPatch, Path: "/api/admin/webhooks/{id}"},
		{Method: http.MethodDelete, Path: "/api/admin/webhooks/{id}"},
		{Method: http.MethodPost, Path: "/api/admin/webhooks/{id}/test"},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/deliveries"},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/stats"},
		{Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/{delivery}/redeliver"},
	}
	for i, c := range calls {
		calls[i].Name = c.Method + " " + c.Path
		calls[i].Path = strings.NewReplacer("{id}", subID, "{delivery}", dlvID).Replace(c.Path)
	}
	return calls
}

func TestWebhookRoutesNotProvisioned(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.SuperuserToken()
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWriteWebhooks)
	for _, name := range []string{vocab.WebhookAttempts, vocab.WebhookDeliveries, vocab.WebhookEvents, vocab.WebhookSubscriptions} {
		col, err := h.App.FindCollectionByNameOrId(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.App.Delete(col); err != nil {
			t.Fatal(err)
		}
	}
	calls := []apitest.Scenario{
		{Path: "/api/v1/webhooks/events", Headers: apitest.Bearer(key)},
		{Path: "/api/v1/webhooks/poll/content.created", Headers: apitest.Bearer(key)},
		{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key)},
	}
	for _, s := range webhookAdminCalls("aaaaaaaaaaaaaaa", "dlv_aaaaaaaaaaaaaaa") {
		s.Headers = owner(token)
		calls = append(calls, s)
	}
	for _, s := range calls {
		s.Body, s.ExpectedStatus, s.ExpectedCode = `{"url":"https://1.1.1.1/x"}`, http.StatusServiceUnavailable, "not_provisioned"
		s.Test(t, h)
	}
	// The site itself keeps working: content changes simply fire no events.
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Still", "slug": "still", "visibility": "public"})
	if _, err := h.Webhooks.RunDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Webhooks.Prune(); err != nil {
		t.Fatal(err)
	}
}
