package routes_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// TestSubscriptionCap: a site holds at most site_settings.webhooks_max subscriptions (100
// unless set), switched-off ones included; the next registration, a key's or the owner's, is
// 409 webhook_limit_reached, and deleting one makes room.
func TestSubscriptionCap(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeWriteWebhooks)
	asOwner := owner(h.SuperuserToken())
	register := func(name string, status int, code string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
			Body: map[string]any{"url": "https://1.1.1.1/hook", "events": []string{"content.created"}}, ExpectedStatus: status, ExpectedCode: code}
	}
	setMax := func(n any) {
		if _, err := h.App.DB().Update(vocab.SiteSettings, dbx.Params{"webhooks_max": n}, nil).Execute(); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("default 100", func(t *testing.T) {
		setMax(0) // unset: the default
		for i := range subscriptions.DefaultMaxSubscriptions - 1 {
			u := "https://1.1.1.1/" + strconv.Itoa(i)
			if _, err := subscriptions.Create(h.App, subscriptions.Fields{URL: &u}, ""); err != nil {
				t.Fatal(err)
			}
		}
		register("the 100th", http.StatusCreated, "").Test(t, h)
		register("the 101st", http.StatusConflict, "webhook_limit_reached").Test(t, h)
	})
	t.Run("the site's setting", func(t *testing.T) {
		subs, err := subscriptions.List(h.App)
		if err != nil {
			t.Fatal(err)
		}
		setMax(len(subs) + 1)
		off := false
		if _, err := subscriptions.Update(h.App, subs[0].Id, subscriptions.Fields{Enabled: &off}); err != nil {
			t.Fatal(err)
		}
		register("one more", http.StatusCreated, "").Test(t, h)
		register("a switched-off one still counts", http.StatusConflict, "webhook_limit_reached").Test(t, h)
		apitest.Scenario{Name: "a bad registration at the cap says what is bad", Method: http.MethodPost, Path: "/api/v2/webhooks",
			Headers: apitest.Bearer(key), Body: map[string]any{"url": "ftp://1.1.1.1/hook"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{"url"}}.Test(t, h)
		apitest.Scenario{Name: "the owner too", Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: asOwner,
			Body: map[string]any{"url": "https://1.1.1.1/owner"}, ExpectedStatus: http.StatusConflict, ExpectedCode: "webhook_limit_reached",
			ExpectedContent: []string{"webhooks_max"}}.Test(t, h)
		apitest.Scenario{Name: "delete one", Method: http.MethodDelete, Path: "/api/admin/webhooks/" + subs[0].Id,
			Headers: asOwner, ExpectedStatus: http.StatusNoContent}.Test(t, h)
		register("room again", http.StatusCreated, "").Test(t, h)
	})
}
