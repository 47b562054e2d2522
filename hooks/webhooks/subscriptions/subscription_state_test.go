package subscriptions_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
)

// TestSubscriptionRulesFromTheDashboard: the rules hold for writes through PocketBase's
// records API (what the dashboard uses), not only for ours.
func TestSubscriptionRulesFromTheDashboard(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	token := map[string]string{"Authorization": h.SuperuserToken()}
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/collections/webhook_subscriptions/records", Headers: token,
		Body: map[string]any{"url": "http://127.0.0.1:1/hook", "enabled": true}})
	if res.Status != http.StatusOK {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	sub, err := h.App.FindRecordById(vocab.WebhookSubscriptions, res.JSON(t)["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sub.GetString("secret"), "whsec_") {
		t.Fatalf("secret %q", sub.GetString("secret"))
	}

	rcv := apitest.NewReceiver(t)
	rcv.ReplyStatus(http.StatusInternalServerError, 1)
	sub = webhooktest.Update(t, h.App, sub, map[string]any{"url": rcv.URL})
	webhooktest.NewPost(t, h.App, "p")
	webhooktest.RunDue(t, h)
	if d := webhooktest.OnlyDelivery(t, h.App, sub); d.GetString("status") != "pending" {
		t.Fatalf("delivery %v", d.FieldsData())
	}
	res = h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/collections/webhook_subscriptions/records/" + sub.Id, Headers: token,
		Body: map[string]any{"enabled": false}})
	if res.Status != http.StatusOK {
		t.Fatalf("switch off: %d %s", res.Status, res.Body)
	}
	if d := webhooktest.OnlyDelivery(t, h.App, sub); d.GetString("status") != "failed" || d.GetString("last_error") != "subscription switched off" {
		t.Fatalf("pending delivery after switching off: %v", d.FieldsData())
	}
	res = h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/collections/webhook_subscriptions/records/" + sub.Id, Headers: token,
		Body: map[string]any{"enabled": true}})
	if res.Status != http.StatusOK {
		t.Fatalf("re-enable: %d %s", res.Status, res.Body)
	}
	if sub = webhooktest.Reload(t, h.App, sub); sub.GetInt("failure_count") != 0 || sub.GetString("disabled_reason") != "" {
		t.Fatalf("after re-enabling: %v", sub.FieldsData())
	}
}
