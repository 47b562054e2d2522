package sender_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
)

// TestPushesFollowTheKey: a subscription delivers only while the key that registered it could
// register it now. Each change of the key through the admin API holds the pushes (no request
// reaches the receiver; the delivery stays pending; the admin list says why), and undoing it
// pushes what was held. A rotation holds nothing. A change by another process (raw SQL, no
// hooks) is seen through the keys' generation.
func TestPushesFollowTheKey(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	token := h.SuperuserToken()
	asOwner := map[string]string{"Authorization": token}
	key, keyID := h.CreateKey(keys.ScopeWriteWebhooks)
	rcv := apitest.NewReceiver(t)
	sub := webhooktest.RegisterWith(t, h, key, "", rcv.URL) // every event, purchases' e-mails included
	patchKey := func(body map[string]any) {
		t.Helper()
		res := h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/admin/api-keys/" + keyID, Headers: asOwner, Body: body})
		if res.Status != http.StatusOK {
			t.Fatalf("patch key %v: %d %s", body, res.Status, res.Body)
		}
	}
	pausedReason := func() any {
		t.Helper()
		res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks", Headers: asOwner})
		return res.JSON(t)["data"].([]any)[0].(map[string]any)["paused_reason"]
	}
	posts := 0
	// pushAfterWrite writes a post, runs the dispatcher and reports the receiver's total.
	pushAfterWrite := func() int {
		t.Helper()
		posts++
		webhooktest.NewPost(t, h.App, fmt.Sprintf("p%d", posts))
		webhooktest.RunDue(t, h)
		return len(rcv.Received())
	}
	pending := func() int {
		t.Helper()
		n, err := h.App.CountRecords(vocab.WebhookDeliveries, dbx.HashExp{"subscription": sub.Id, "status": "pending"})
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	if got := pushAfterWrite(); got != 1 || pausedReason() != nil {
		t.Fatalf("before any change: %d pushes, paused %v", got, pausedReason())
	}
	pushed := 1
	for _, tt := range []struct {
		name       string
		hold, undo func()
		reason     string
	}{
		{"disable", func() { patchKey(map[string]any{"active": false}) }, func() { patchKey(map[string]any{"active": true}) }, "key_disabled"},
		{"expire", func() {
			patchKey(map[string]any{"expiry": h.Clock.Now().Add(time.Hour).Format(time.RFC3339)})
			h.Clock.Advance(2 * time.Hour)
		}, func() { patchKey(map[string]any{"expiry": nil}) }, "key_expired"},
		{"drop the scope", func() { patchKey(map[string]any{"scopes": []string{keys.ScopeRead}}) },
			func() { patchKey(map[string]any{"scopes": []string{keys.ScopeRead, keys.ScopeWebhooks}}) }, "key_scope"},
		{"become a browser key", func() { patchKey(map[string]any{"allowed_origins": []string{"https://site.example"}}) },
			func() { patchKey(map[string]any{"allowed_origins": []string{}}) }, "key_browser"},
		{"switched off by another process", func() { rawKeyUpdate(t, h, keyID, false) }, func() { rawKeyUpdate(t, h, keyID, true) }, "key_disabled"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.hold()
			// A pass the change woke may have looked at the keys before it (before the clock
			// moved): let it end, so that the post below meets the gate as it is now.
			webhooktest.RunDue(t, h)
			if got := pushAfterWrite(); got != pushed {
				t.Fatalf("held: %d pushes, want %d", got, pushed)
			}
			if pending() != 1 || pausedReason() != tt.reason {
				t.Fatalf("held: %d pending, paused_reason %v, want 1 and %s", pending(), pausedReason(), tt.reason)
			}
			tt.undo()
			webhooktest.RunDue(t, h)
			if pushed++; len(rcv.Received()) != pushed || pending() != 0 || pausedReason() != nil {
				t.Fatalf("back: %d pushes, %d pending, paused %v; want %d, 0, null", len(rcv.Received()), pending(), pausedReason(), pushed)
			}
			if pushed++; pushAfterWrite() != pushed {
				t.Fatalf("after: %d pushes, want %d", len(rcv.Received()), pushed)
			}
		})
	}
	t.Run("rotation keeps delivering", func(t *testing.T) {
		if res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/admin/api-keys/" + keyID + "/rotate", Headers: asOwner}); res.Status != http.StatusOK {
			t.Fatalf("rotate: %d %s", res.Status, res.Body)
		}
		if pushed++; pushAfterWrite() != pushed || pausedReason() != nil {
			t.Fatalf("after rotation: %d pushes, want %d", len(rcv.Received()), pushed)
		}
	})
	t.Run("revoked, then switched on again by the owner", func(t *testing.T) {
		if res := h.Do(apitest.Request{Method: http.MethodDelete, Path: "/api/admin/api-keys/" + keyID, Headers: asOwner}); res.Status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		if pushAfterWrite() != pushed {
			t.Fatalf("switched off by the revocation: %d pushes, want %d", len(rcv.Received()), pushed)
		}
		res := h.Do(apitest.Request{Method: http.MethodPatch, Path: "/api/admin/webhooks/" + sub.Id, Headers: asOwner, Body: map[string]any{"enabled": true}})
		if res.Status != http.StatusOK || res.JSON(t)["data"].(map[string]any)["paused_reason"] != nil {
			t.Fatalf("re-enable: %d %s", res.Status, res.Body)
		}
		if pushed++; pushAfterWrite() != pushed {
			t.Fatalf("the owner's now: %d pushes, want %d", len(rcv.Received()), pushed)
		}
	})
}

// rawKeyUpdate switches key id on or off as another process would (a second server, raw SQL):
// no hook of this process runs, and the change is seen through the keys' generation once the
// clock has moved past changes.CheckInterval and the watcher has looked (here, at once: a pass
// the write below starts could otherwise look while a content hook holds the watcher, and see
// the key change one pass later).
func rawKeyUpdate(t *testing.T, h *apitest.Harness, id string, active bool) {
	t.Helper()
	if _, err := h.App.NonconcurrentDB().Update(vocab.APIKeys, dbx.Params{"active": active}, dbx.HashExp{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	h.Clock.Advance(changes.CheckInterval)
	h.Changes.Generation(changes.Keys)
}
