package routes

import (
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// registeredFields are the fields of the 201 answer to a registration (plus the secret).
var registeredFields = []string{"id", "url", "events", "filter", "enabled", "description", "created"}

// subscribeBody is the body of POST /api/v2/webhooks and POST /api/admin/webhooks.
type subscribeBody struct {
	URL         *string   `json:"url"`
	Events      *[]string `json:"events"`
	Description *string   `json:"description"`
	// Filter is checked by subscriptions.ParseFilter, which names the field at fault.
	Filter *json.RawMessage `json:"filter"`
}

// subscribe answers POST /api/v2/webhooks: 201 with the new subscription and its signing
// secret, shown this once (v2 shape: the object itself).
func subscribe(e *core.RequestEvent) error {
	view, err := createSubscription(e)
	if err != nil {
		return err
	}
	return writeJSON(e, http.StatusCreated, view)
}

// adminSubscribe answers POST /api/admin/webhooks: the same registration for the owner, who
// holds no API key (admin shape: {"data": ...}).
func adminSubscribe(e *core.RequestEvent) error {
	view, err := createSubscription(e)
	if err != nil {
		return err
	}
	return writeJSON(e, http.StatusCreated, map[string]any{"data": view})
}

// createSubscription registers the subscription of the body with subscriptions.Create,
// whose rules (an https, public URL unless the site allows private webhooks, known events, a
// fresh signing secret) are refused as a 400 naming the field. A subscription made with an API
// key remembers the key.
func createSubscription(e *core.RequestEvent) (map[string]any, error) {
	var b subscribeBody
	if err := decodeStrict(e, &b); err != nil {
		return nil, err
	}
	keyID := ""
	k := authenticatedKey(e)
	if k != nil {
		keyID = k.ID
	}
	var events []string
	if b.Events != nil {
		events = *b.Events
	}
	if err := outbox.CheckAudience(k, events); err != nil {
		return nil, domainError(err)
	}
	f := subscriptions.Fields{URL: b.URL, Events: b.Events, Description: b.Description, Filter: b.Filter}
	sub, err := subscriptions.Create(e.App, f, keyID)
	if err != nil {
		return nil, domainError(err)
	}
	view := recordView(publicOrigin(e), sub, registeredFields)
	view["secret"] = sub.GetString("secret")
	return view, nil
}
