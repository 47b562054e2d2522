package subscriptions_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// TestRevokingAKeySwitchesOffItsSubscriptions: whichever way the key is revoked, the
// subscriptions it registered are switched off with the reason and their pending deliveries
// end; they still name the key. The owner's subscriptions, another key's, and one the owner
// had already switched off are untouched.
func TestRevokingAKeySwitchesOffItsSubscriptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		revoke func(keyID string) apitest.Request
	}{
		{"admin API", func(id string) apitest.Request {
			return apitest.Request{Method: http.MethodDelete, Path: "/api/admin/api-keys/" + id}
		}},
		{"dashboard", func(id string) apitest.Request {
			return apitest.Request{Method: http.MethodDelete, Path: "/api/collections/" + vocab.APIKeys + "/records/" + id}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := apitest.New(t, apitest.Options{})
			token := h.SuperuserToken()
			key, keyID := h.CreateKey(keys.ScopeWriteWebhooks)
			other, otherID := h.CreateKey(keys.ScopeWriteWebhooks)
			revoked := webhooktest.RegisterWith(t, h, key, "", "https://1.1.1.1/revoked")
			offAlready := webhooktest.Update(t, h.App, webhooktest.RegisterWith(t, h, key, "", "https://1.1.1.1/off"), map[string]any{"enabled": false})
			others := webhooktest.RegisterWith(t, h, other, "", "https://1.1.1.1/other")
			owners := webhooktest.RegisterWith(t, h, "", token, "https://1.1.1.1/owner")
			if revoked.GetString("api_key") != keyID || others.GetString("api_key") != otherID || owners.GetString("api_key") != "" {
				t.Fatalf("api_key %q, %q, %q", revoked.GetString("api_key"), others.GetString("api_key"), owners.GetString("api_key"))
			}
			webhooktest.NewPost(t, h.App, "p") // a pending delivery to each enabled subscription

			req := tt.revoke(keyID)
			req.Headers = map[string]string{"Authorization": token}
			if res := h.Do(req); res.Status != http.StatusNoContent {
				t.Fatalf("revoke: %d %s", res.Status, res.Body)
			}
			if _, err := h.App.FindRecordById(vocab.APIKeys, keyID); err == nil {
				t.Fatal("the key is still there")
			}
			got := webhooktest.Reload(t, h.App, revoked)
			if got.GetBool("enabled") || got.GetString("disabled_reason") != subscriptions.ReasonKeyRevoked || got.GetString("api_key") != keyID {
				t.Fatalf("the revoked key's subscription: %v", got.FieldsData())
			}
			if d := webhooktest.OnlyDelivery(t, h.App, got); d.GetString("status") != "failed" || d.GetString("last_error") != "subscription switched off" {
				t.Fatalf("its pending delivery: %v", d.FieldsData())
			}
			if got := webhooktest.Reload(t, h.App, offAlready); got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
				t.Fatalf("the subscription switched off before: %v", got.FieldsData())
			}
			for _, sub := range []*core.Record{others, owners} {
				got := webhooktest.Reload(t, h.App, sub)
				if !got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
					t.Fatalf("%s: %v", sub.GetString("url"), got.FieldsData())
				}
				if d := webhooktest.OnlyDelivery(t, h.App, got); d.GetString("status") != "pending" {
					t.Fatalf("%s delivery: %v", sub.GetString("url"), d.FieldsData())
				}
			}
		})
	}
}

// TestRevocationIsOneTransaction: when its subscriptions cannot be switched off, the key is
// not deleted either.
func TestRevocationIsOneTransaction(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.SuperuserToken()
	key, keyID := h.CreateKey(keys.ScopeWriteWebhooks)
	sub := webhooktest.RegisterWith(t, h, key, "", "https://1.1.1.1/hook")
	h.App.OnRecordUpdate(vocab.WebhookSubscriptions).BindFunc(func(*core.RecordEvent) error {
		return errors.New("the subscription cannot be saved")
	})
	res := h.Do(apitest.Request{Method: http.MethodDelete, Path: "/api/admin/api-keys/" + keyID, Headers: map[string]string{"Authorization": token}})
	if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal_error" {
		t.Fatalf("revoke: %d %s", res.Status, res.Body)
	}
	if _, err := h.App.FindRecordById(vocab.APIKeys, keyID); err != nil {
		t.Fatalf("the key was deleted without its subscriptions being switched off: %v", err)
	}
	if got := webhooktest.Reload(t, h.App, sub); !got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
		t.Fatalf("subscription %v", got.FieldsData())
	}
}
