package webhooks_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks"
)

// registerWith registers a subscription to url through POST /api/v2/webhooks with key, or
// through POST /api/admin/webhooks as the owner when key is "", and returns it as stored.
func registerWith(t *testing.T, h *apitest.Harness, key, ownerToken, url string) *core.Record {
	t.Helper()
	req := apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: map[string]any{"url": url}}
	if key == "" {
		req.Path, req.Headers = "/api/admin/webhooks", map[string]string{"Authorization": ownerToken}
	}
	res := h.Do(req)
	if res.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", url, res.Status, res.Body)
	}
	body := res.JSON(t)
	if data, ok := body["data"].(map[string]any); ok {
		body = data
	}
	sub, err := h.App.FindRecordById(vocab.WebhookSubscriptions, body["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

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
			revoked := registerWith(t, h, key, "", "https://1.1.1.1/revoked")
			offAlready := update(t, h.App, registerWith(t, h, key, "", "https://1.1.1.1/off"), map[string]any{"enabled": false})
			others := registerWith(t, h, other, "", "https://1.1.1.1/other")
			owners := registerWith(t, h, "", token, "https://1.1.1.1/owner")
			if revoked.GetString("api_key") != keyID || others.GetString("api_key") != otherID || owners.GetString("api_key") != "" {
				t.Fatalf("api_key %q, %q, %q", revoked.GetString("api_key"), others.GetString("api_key"), owners.GetString("api_key"))
			}
			newPost(t, h.App, "p") // a pending delivery to each enabled subscription

			req := tt.revoke(keyID)
			req.Headers = map[string]string{"Authorization": token}
			if res := h.Do(req); res.Status != http.StatusNoContent {
				t.Fatalf("revoke: %d %s", res.Status, res.Body)
			}
			if _, err := h.App.FindRecordById(vocab.APIKeys, keyID); err == nil {
				t.Fatal("the key is still there")
			}
			got := reload(t, h.App, revoked)
			if got.GetBool("enabled") || got.GetString("disabled_reason") != webhooks.ReasonKeyRevoked || got.GetString("api_key") != keyID {
				t.Fatalf("the revoked key's subscription: %v", got.FieldsData())
			}
			if d := onlyDelivery(t, h.App, got); d.GetString("status") != "failed" || d.GetString("last_error") != "subscription switched off" {
				t.Fatalf("its pending delivery: %v", d.FieldsData())
			}
			if got := reload(t, h.App, offAlready); got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
				t.Fatalf("the subscription switched off before: %v", got.FieldsData())
			}
			for _, sub := range []*core.Record{others, owners} {
				got := reload(t, h.App, sub)
				if !got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
					t.Fatalf("%s: %v", sub.GetString("url"), got.FieldsData())
				}
				if d := onlyDelivery(t, h.App, got); d.GetString("status") != "pending" {
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
	sub := registerWith(t, h, key, "", "https://1.1.1.1/hook")
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
	if got := reload(t, h.App, sub); !got.GetBool("enabled") || got.GetString("disabled_reason") != "" {
		t.Fatalf("subscription %v", got.FieldsData())
	}
}
