package routes_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/apitest"
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
	res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks/" + subID + "/deliveries", Headers: owner(c.token)})
	if res.Status != http.StatusOK {
		c.t.Fatalf("deliveries: %d %s", res.Status, res.Body)
	}
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
		reg := c.h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: body})
		if reg.Status != http.StatusCreated {
			t.Fatalf("register: %d %s", reg.Status, reg.Body)
		}
		s := sub{id: reg.JSON(t)["id"].(string), secret: reg.JSON(t)["secret"].(string), rcv: rcv}
		s.base = "/api/admin/webhooks/" + s.id
		t.Cleanup(func() { c.h.Do(apitest.Request{Method: http.MethodDelete, Path: s.base, Headers: owner(token)}) })
		return c, s
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
		res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks", Headers: owner(c.token)})
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var mine map[string]any
		for _, item := range res.JSON(t)["data"].([]any) {
			if item.(map[string]any)["id"] == s.id {
				mine = item.(map[string]any)
			}
		}
		if mine == nil || mine["enabled"] != true || mine["failure_count"] != 0.0 || mine["disabled_reason"] != nil || mine["description"] != "mine" {
			t.Fatalf("%v in %s", mine, res.Body)
		}
	})
	t.Run("test delivery sends a signed ping", func(t *testing.T) {
		c, s := newSub(t)
		res, data := c.do(http.MethodPost, s.base+"/test", nil)
		if res.Status != http.StatusOK || data["delivered"] != true || data["status_code"] != 204.0 || data["error"] != nil {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
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
		res, data = c.do(http.MethodPost, s.base+"/test", nil)
		if res.Status != http.StatusOK || data["delivered"] != false || data["status_code"] != 500.0 || data["error"] != "HTTP 500" || data["response_excerpt"] != "boom" {
			t.Fatalf("failing test delivery: %d %s", res.Status, res.Body)
		}
		if n := len(c.deliveries(s.id)); n != 0 {
			t.Fatalf("test deliveries are stored: %d", n)
		}
		if _, data := c.do(http.MethodGet, s.base, nil); data != nil {
			t.Fatal("GET on a subscription answered with data")
		}
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
		res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks", Headers: owner(c.token)})
		for _, item := range res.JSON(t)["data"].([]any) {
			if sub := item.(map[string]any); sub["id"] == s.id && (sub["enabled"] != false || sub["disabled_reason"] != "the receiver answered 410 Gone") {
				t.Fatalf("subscription %v", sub)
			}
		}
		if res, _ := c.do(http.MethodPost, "/api/admin/webhook-deliveries/"+dlvID+"/redeliver", nil); res.Status != http.StatusBadRequest {
			t.Fatalf("redeliver to a switched-off subscription: %d %s", res.Status, res.Body)
		}
	})
	t.Run("re-enable resets the failures", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		failedDelivery(t, c, s)
		res, data := c.do(http.MethodPatch, s.base, map[string]any{"enabled": true})
		if res.Status != http.StatusOK || data["enabled"] != true || data["failure_count"] != 0.0 || data["disabled_reason"] != nil {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
	t.Run("redeliver", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		dlvID := failedDelivery(t, c, s)
		if res, _ := c.do(http.MethodPatch, s.base, map[string]any{"enabled": true}); res.Status != http.StatusOK {
			t.Fatalf("re-enable: %d %s", res.Status, res.Body)
		}
		res, data := c.do(http.MethodPost, "/api/admin/webhook-deliveries/"+dlvID+"/redeliver", nil)
		if res.Status != http.StatusAccepted || data["id"] != dlvID || data["status"] != "pending" || data["attempt"] != 0.0 || data["next_attempt_at"] == nil {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
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
		res, data := c.do(http.MethodPatch, s.base, map[string]any{"enabled": false})
		if res.Status != http.StatusOK || data["enabled"] != false || data["disabled_reason"] != nil {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if d := c.deliveries(s.id)[0]; d["status"] != "failed" || d["last_error"] != "subscription switched off" {
			t.Fatalf("after switching off %v", d)
		}
	})
	t.Run("patch events and description", func(t *testing.T) {
		c, s := newSub(t)
		res, data := c.do(http.MethodPatch, s.base, map[string]any{"events": []string{"course.enrolled"}, "description": "new"})
		if res.Status != http.StatusOK || data["description"] != "new" || len(data["events"].([]any)) != 1 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		for _, tt := range []struct {
			body  any
			field string
		}{
			{map[string]any{"events": []string{"nope"}}, "events"},
			{map[string]any{"description": strings.Repeat("x", 501)}, "description"},
			{map[string]any{"url": "https://1.1.1.1/"}, "url"},
			{map[string]any{"enabled": "yes"}, "enabled"},
		} {
			res, _ := c.do(http.MethodPatch, s.base, tt.body)
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `\"`+tt.field+`\"`) {
				t.Errorf("%v: %d %s", tt.body, res.Status, res.Body)
			}
		}
	})
	t.Run("deliveries limit", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		c.h.SaveRecord(vocab.Posts, map[string]any{"title": "Delivered", "visibility": "public"})
		for _, q := range []string{"limit=0", "limit=201", "limit=x"} {
			res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: s.base + "/deliveries?" + q, Headers: owner(c.token)})
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `\"limit\"`) {
				t.Errorf("%s: %d %s", q, res.Status, res.Body)
			}
		}
		res := c.h.Do(apitest.Request{Method: http.MethodGet, Path: s.base + "/deliveries?limit=1", Headers: owner(c.token)})
		if n := len(res.JSON(t)["data"].([]any)); res.Status != http.StatusOK || n != 1 {
			t.Fatalf("limit=1: %d, %d items", res.Status, n)
		}
	})
	t.Run("unknown ids", func(t *testing.T) {
		for _, ep := range []struct{ method, path string }{
			{http.MethodPatch, "/api/admin/webhooks/xxxxxxxxxxxxxxx"},
			{http.MethodDelete, "/api/admin/webhooks/xxxxxxxxxxxxxxx"},
			{http.MethodPost, "/api/admin/webhooks/xxxxxxxxxxxxxxx/test"},
			{http.MethodGet, "/api/admin/webhooks/xxxxxxxxxxxxxxx/deliveries"},
			{http.MethodPost, "/api/admin/webhook-deliveries/dlv_xxxxxxxxxxxxxxx/redeliver"},
		} {
			apitest.Scenario{Name: ep.method + " " + ep.path, Method: ep.method, Path: ep.path, Headers: owner(token), Body: map[string]any{},
				ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}.Check(t, h)
		}
	})
	t.Run("API keys are not the owner", func(t *testing.T) {
		_, s := newSub(t)
		all, _ := h.For(t).CreateKey(keys.Scopes()...)
		for _, ep := range webhookAdminEndpoints(s.id) {
			apitest.Scenario{Name: ep.method + " " + ep.path, Method: ep.method, Path: ep.path, Headers: apitest.Bearer(all), Body: `{}`,
				ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"}.Check(t, h)
		}
	})
	t.Run("delete", func(t *testing.T) {
		c, s := newSub(t, "content.created")
		c.h.SaveRecord(vocab.Posts, map[string]any{"title": "To be deleted", "visibility": "public"})
		if n := len(c.deliveries(s.id)); n != 1 {
			t.Fatalf("%d deliveries before the delete", n)
		}
		if res, _ := c.do(http.MethodDelete, s.base, nil); res.Status != http.StatusNoContent {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if left, err := c.h.App.FindRecordsByFilter(vocab.WebhookDeliveries, "subscription = {:id}", "", 0, 0, dbx.Params{"id": s.id}); err != nil || len(left) != 0 {
			t.Fatalf("%d deliveries left, %v", len(left), err)
		}
		if res, _ := c.do(http.MethodDelete, s.base, nil); res.Status != http.StatusNotFound {
			t.Fatalf("second delete: %d", res.Status)
		}
	})
}

// TestAdminWebhooksShowTheRegisteringKey: the owner's list names the key that registered each
// subscription, null for the owner's own; after a revoke the id stays and the name goes.
func TestAdminWebhooksShowTheRegisteringKey(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.SuperuserToken()
	name := "CRM sync"
	key, keyID := h.CreateKeyWith(keys.Fields{Name: &name, Scopes: &[]string{keys.ScopeWriteWebhooks}})
	for _, req := range []apitest.Request{
		{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: map[string]any{"url": "https://1.1.1.1/key"}},
		{Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: owner(token), Body: map[string]any{"url": "https://1.1.1.1/owner"}},
	} {
		if res := h.Do(req); res.Status != http.StatusCreated {
			t.Fatalf("%s: %d %s", req.Path, res.Status, res.Body)
		}
	}
	byURL := func() map[string]map[string]any {
		res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks", Headers: owner(token)})
		if res.Status != http.StatusOK {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		out := map[string]map[string]any{}
		for _, s := range res.JSON(t)["data"].([]any) {
			sub := s.(map[string]any)
			out[sub["url"].(string)] = sub
		}
		return out
	}
	for _, step := range []struct {
		name     string
		keyName  any
		keyState any // enabled of the key's subscription
	}{
		{"before the revoke", name, true},
		{"after the revoke", nil, false},
	} {
		if step.keyName == nil {
			if res := h.Do(apitest.Request{Method: http.MethodDelete, Path: "/api/admin/api-keys/" + keyID, Headers: owner(token)}); res.Status != http.StatusNoContent {
				t.Fatalf("revoke: %d %s", res.Status, res.Body)
			}
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

type endpoint struct{ method, path string }

func webhookAdminEndpoints(subID string) []endpoint {
	return []endpoint{
		{http.MethodGet, "/api/admin/webhooks"},
		{http.MethodPatch, "/api/admin/webhooks/" + subID},
		{http.MethodDelete, "/api/admin/webhooks/" + subID},
		{http.MethodPost, "/api/admin/webhooks/" + subID + "/test"},
		{http.MethodGet, "/api/admin/webhooks/" + subID + "/deliveries"},
		{http.MethodGet, "/api/admin/webhooks/" + subID + "/stats"},
		{http.MethodPost, "/api/admin/webhook-deliveries/dlv_aaaaaaaaaaaaaaa/redeliver"},
	}
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
	calls := []struct {
		endpoint
		headers map[string]string
	}{
		{endpoint{http.MethodGet, "/api/v1/webhooks/events"}, apitest.Bearer(key)},
		{endpoint{http.MethodGet, "/api/v1/webhooks/poll/content.created"}, apitest.Bearer(key)},
		{endpoint{http.MethodPost, "/api/v2/webhooks"}, apitest.Bearer(key)},
	}
	for _, ep := range webhookAdminEndpoints("aaaaaaaaaaaaaaa") {
		calls = append(calls, struct {
			endpoint
			headers map[string]string
		}{ep, owner(token)})
	}
	for _, c := range calls {
		apitest.Scenario{Method: c.method, Path: c.path, Headers: c.headers, Body: `{"url":"https://1.1.1.1/x"}`,
			ExpectedStatus: http.StatusServiceUnavailable, ExpectedCode: "not_provisioned"}.Test(t, h)
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
