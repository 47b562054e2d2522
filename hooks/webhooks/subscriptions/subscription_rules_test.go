package subscriptions_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// recordsAPI is PocketBase's records API of webhook_subscriptions, which the dashboard uses.
const recordsAPI = "/api/collections/" + vocab.WebhookSubscriptions + "/records"

// pbAnswer is a records API answer: the record, or PocketBase's error with its field errors.
type pbAnswer struct {
	status int
	record map[string]any
	fields map[string]any // data of a 400: the fields at fault
}

func dashboardSave(t *testing.T, h *apitest.Harness, token, method, path string, body map[string]any) pbAnswer {
	t.Helper()
	res := h.Do(apitest.Request{Method: method, Path: path, Headers: map[string]string{"Authorization": token}, Body: body})
	a := pbAnswer{status: res.Status, record: res.JSON(t)}
	if res.Status == http.StatusBadRequest {
		a.fields, _ = a.record["data"].(map[string]any)
	}
	return a
}

// TestSubscriptionRulesInTheDashboard: a subscription saved through PocketBase's records API,
// as the dashboard does, gets the checks of a registration, each refusal a 400 naming the
// field on the form.
func TestSubscriptionRulesInTheDashboard(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{}) // private webhooks not allowed
	token := h.SuperuserToken()
	const public = "https://1.1.1.1/hook"
	for _, tt := range []struct {
		name  string
		body  map[string]any
		field string // "": created
	}{
		{"private URL", map[string]any{"url": "https://10.0.0.1/hook"}, "url"},
		{"loopback URL", map[string]any{"url": "https://127.0.0.1/hook"}, "url"},
		{"metadata URL over http", map[string]any{"url": "http://169.254.169.254/latest/meta-data"}, "url"},
		{"no URL", map[string]any{"events": []string{"content.created"}}, "url"},
		{"unknown event", map[string]any{"url": public, "events": []string{"content.created", "content.exploded"}}, "events"},
		{"ping is not an event", map[string]any{"url": public, "events": []string{"ping"}}, "events"},
		{"malformed secret", map[string]any{"url": public, "secret": "hunter2"}, "secret"},
		{"secret not base64", map[string]any{"url": public, "secret": "whsec_!!!"}, "secret"},
		{"description too long", map[string]any{"url": public, "description": strings.Repeat("é", 501)}, "description"},
		{"a key's id", map[string]any{"url": public, "api_key": "abcdefghijklmno"}, "api_key"},
		{"all fields valid", map[string]any{"url": public, "events": []string{"purchase.completed"}, "description": strings.Repeat("é", 500)}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := dashboardSave(t, h, token, http.MethodPost, recordsAPI, tt.body)
			if tt.field == "" {
				if a.status != http.StatusOK {
					t.Fatalf("%d %v", a.status, a.record)
				}
				return
			}
			if a.status != http.StatusBadRequest || a.fields[tt.field] == nil || len(a.fields) != 1 {
				t.Fatalf("%d %v, want 400 naming only %s", a.status, a.record, tt.field)
			}
		})
	}

	t.Run("defaults: a generated secret, enabled, no key", func(t *testing.T) {
		a := dashboardSave(t, h, token, http.MethodPost, recordsAPI, map[string]any{"url": public, "secret": ""})
		if a.status != http.StatusOK {
			t.Fatalf("%d %v", a.status, a.record)
		}
		sub, err := h.App.FindRecordById(vocab.WebhookSubscriptions, a.record["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		secret := sub.GetString("secret")
		if !strings.HasPrefix(secret, "whsec_") || wire.ValidateSecret(secret) != nil || !sub.GetBool("enabled") || sub.GetString("api_key") != "" {
			t.Fatalf("stored %v", sub.FieldsData())
		}
	})
	t.Run("enabled false when sent", func(t *testing.T) {
		a := dashboardSave(t, h, token, http.MethodPost, recordsAPI, map[string]any{"url": public, "enabled": false})
		if a.status != http.StatusOK || a.record["enabled"] != false {
			t.Fatalf("%d %v", a.status, a.record)
		}
	})
	t.Run("a well-formed secret of the owner's is kept", func(t *testing.T) {
		const mine = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		a := dashboardSave(t, h, token, http.MethodPost, recordsAPI, map[string]any{"url": public, "secret": mine})
		if a.status != http.StatusOK || a.record["secret"] != mine {
			t.Fatalf("%d %v", a.status, a.record)
		}
	})
}

// TestSubscriptionRulesOnUpdate: an edit is checked as a create is, but a stored URL is not
// checked again when it does not change (the site may have stopped allowing private
// addresses since), so editing the rest, and the dispatcher's saves, still work.
func TestSubscriptionRulesOnUpdate(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t) // private webhooks allowed for now
	token := h.SuperuserToken()
	cases := []struct {
		name  string
		body  map[string]any
		field string                      // "": accepted
		check func(got *core.Record) bool // of the stored subscription, when accepted
	}{
		{"other fields of a stored private URL", map[string]any{"description": "kept", "events": []string{"content.created"}}, "",
			func(got *core.Record) bool {
				return got.GetString("url") == "http://127.0.0.1:1/hook" && got.GetString("description") == "kept"
			}},
		{"a new private URL", map[string]any{"url": "http://127.0.0.1:2/hook"}, "url", nil},
		{"an unknown event", map[string]any{"events": []string{"nope"}}, "events", nil},
		{"a malformed secret", map[string]any{"secret": "whsec_"}, "secret", nil},
		{"setting a key", map[string]any{"api_key": "abcdefghijklmno"}, "api_key", nil},
		{"a new public URL", map[string]any{"url": "https://1.1.1.1/new"}, "", func(got *core.Record) bool {
			return got.GetString("url") == "https://1.1.1.1/new"
		}},
	}
	// Each case edits a subscription of its own, stored with a private URL while the site
	// allowed them; then the site stops allowing them.
	subs := map[string]*core.Record{}
	for _, tt := range cases {
		subs[tt.name], _ = webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/hook")
	}
	h.AllowPrivateWebhooks(false)
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			sub := subs[tt.name]
			a := dashboardSave(t, h, token, http.MethodPatch, recordsAPI+"/"+sub.Id, tt.body)
			switch {
			case tt.field == "" && a.status != http.StatusOK:
				t.Fatalf("%d %v", a.status, a.record)
			case tt.field != "" && (a.status != http.StatusBadRequest || a.fields[tt.field] == nil):
				t.Fatalf("%d %v, want 400 naming %s", a.status, a.record, tt.field)
			}
			if got := webhooktest.Reload(t, h.App, sub); tt.check != nil && !tt.check(got) {
				t.Fatalf("stored %v", got.FieldsData())
			}
		})
	}
}

// TestSubscriptionRulesMessage: the field error carries the reason a client can act on
// (PocketBase makes it a sentence).
func TestSubscriptionRulesMessage(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	a := dashboardSave(t, h, h.SuperuserToken(), http.MethodPost, recordsAPI, map[string]any{"url": "https://10.0.0.1/hook"})
	raw, err := json.Marshal(a.fields["url"])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"Webhook URL is not a public address: 10.0.0.1 is a private address; for a receiver on this machine `+
		`or a private network (local development), the owner can switch on webhooks_allow_private in the dashboard's site_settings."`) {
		t.Fatalf("url error %s", raw)
	}
}
