package routes_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

// TestBrowserKeysArePushedServedContentOnly: the "served only" rule of the poll holds for
// pushes to a real receiver. A browser key's subscription is pushed the public post; the
// draft's delivery is recorded failed (withheld) at its attempt, never pushed, and a recovery does not queue
// it. A server key's subscription whose key has become a browser key since its registration
// is withheld the same way (the key gate).
func TestBrowserKeysArePushedServedContentOnly(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.AllowPrivateWebhooks(true)
	const origin = "https://site.example"
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeWebhooks}, AllowedOrigins: &[]string{origin}})
	server, serverID := h.CreateKey(keys.ScopeWebhooks)
	register := func(name string, headers map[string]string) (*apitest.Receiver, string) {
		rcv := apitest.NewReceiver(t)
		sub := storyStep(t, h, apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: headers,
			Body: map[string]any{"url": rcv.URL, "events": []string{vocab.EventContentCreated}}, ExpectedStatus: http.StatusCreated}).JSON(t)["id"].(string)
		return rcv, sub
	}
	browserRcv, browserSub := register("browser key", map[string]string{"Authorization": "Bearer " + browser, "Origin": origin})
	serverRcv, serverSub := register("server key", apitest.Bearer(server))
	titles := func(rcv *apitest.Receiver) []string {
		var out []string
		for _, r := range rcv.Received() {
			var body struct {
				Data struct {
					Title string `json:"title"`
				} `json:"data"`
			}
			if err := json.Unmarshal(r.Body, &body); err != nil {
				t.Fatal(err)
			}
			out = append(out, body.Data.Title)
		}
		slices.Sort(out)
		return out
	}
	withheld := func(sub string) []string {
		var rows []struct {
			Status    string `db:"status"`
			LastError string `db:"last_error"`
			Attempt   int    `db:"attempt"`
		}
		if err := h.App.DB().Select("status", "last_error", "attempt").From(vocab.WebhookDeliveries).
			Where(dbx.HashExp{"subscription": sub, "last_error": outbox.WithheldUnserved}).All(&rows); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rows {
			if r.Status != "failed" || r.Attempt != 0 {
				t.Errorf("withheld delivery %+v, want failed, never attempted", r)
			}
			out = append(out, r.Status)
		}
		return out
	}

	h.SaveRecord(vocab.Posts, map[string]any{"title": "Public", "visibility": "public", "draft": false})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Draft", "visibility": "public", "draft": true})
	runDue(t, h)
	if got := titles(browserRcv); !slices.Equal(got, []string{"Public"}) {
		t.Fatalf("browser key's receiver got %v, want the public post only", got)
	}
	if got := titles(serverRcv); !slices.Equal(got, []string{"Draft", "Public"}) {
		t.Fatalf("server key's receiver got %v, want both posts", got)
	}
	if got := withheld(browserSub); len(got) != 1 {
		t.Fatalf("browser key's withheld deliveries: %v, want the draft's", got)
	}

	storyStep(t, h, apitest.Scenario{Name: "recover", Method: http.MethodPost, Path: "/api/admin/webhooks/" + browserSub + "/recover", Headers: owner,
		Body: map[string]any{"since": apitest.Epoch.Add(-time.Hour).Format(time.RFC3339)}, ExpectedStatus: http.StatusAccepted,
		ExpectedJSON: map[string]any{"data.queued": 0}})
	runDue(t, h)
	if got := titles(browserRcv); !slices.Equal(got, []string{"Public"}) {
		t.Fatalf("after a recovery the browser key's receiver got %v", got)
	}

	// The server key's subscription, registered while it was a server key: its key gets
	// allowed origins, and a draft written then is withheld at its attempt.
	storyStep(t, h, apitest.Scenario{Name: "server key gets origins", Method: http.MethodPatch, Path: "/api/admin/api-keys/" + serverID,
		Headers: owner, Body: map[string]any{"allowed_origins": []string{origin}}, ExpectedStatus: http.StatusOK})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Later draft", "visibility": "public", "draft": true})
	if _, err := h.Webhooks.RunDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := titles(serverRcv); !slices.Equal(got, []string{"Draft", "Public"}) {
		t.Fatalf("the key became a browser key, and its receiver got %v", got)
	}
	if got := withheld(serverSub); len(got) != 1 {
		t.Fatalf("withheld at the attempt: %v, want the later draft's", got)
	}
}
