package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/apierr"
)

// registeredFields are the fields of the 201 answer to a registration (plus the secret).
var registeredFields = []string{"id", "url", "events", "enabled", "description", "created"}

// subscribeBody is the body of POST /api/v2/webhooks.
type subscribeBody struct {
	URL         *string   `json:"url"`
	Events      *[]string `json:"events"`
	Description *string   `json:"description"`
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

// createSubscription stores the subscription of the body. The rules (an https, public URL
// unless the site allows private webhooks, known events, a fresh signing secret) are the
// hooks' and run on every save of a subscription (hooks/subscription_rules.go); a refusal is
// a 400 naming the field. A subscription made with an API key remembers the key.
func createSubscription(e *core.RequestEvent) (map[string]any, error) {
	var b subscribeBody
	if err := decodeStrict(e, &b); err != nil {
		return nil, err
	}
	col, err := e.App.FindCachedCollectionByNameOrId(pb_migrations.WebhookSubscriptions)
	if err != nil {
		return nil, apierr.NotProvisioned(err)
	}
	rec := core.NewRecord(col)
	rec.Set("url", valueOr(b.URL, ""))
	if err := setEvents(rec, valueOr(b.Events, []string{})); err != nil { // none means all events
		return nil, err
	}
	rec.Set("description", valueOr(b.Description, ""))
	rec.Set("enabled", true)
	rec.Set("failure_count", 0)
	if k := authenticatedKey(e); k != nil {
		rec.Set("api_key", k.ID)
	}
	if err := e.App.Save(rec); err != nil {
		return nil, webhookSaveError(err)
	}
	view := recordView(e.App, rec, registeredFields)
	view["secret"] = rec.GetString("secret")
	return view, nil
}

// setEvents sets the events of a body on sub, checking them first: the record would drop an
// empty name silently.
func setEvents(sub *core.Record, events []string) error {
	if err := hooks.ValidateEvents(events); err != nil {
		return webhookSaveError(err)
	}
	sub.Set("events", events)
	return nil
}

// valueOr is *p, or def when p is nil (the member was absent or null).
func valueOr[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// webhookSaveError turns a subscription the rules refused into a 400 naming the field, and
// any other failure into a 500.
func webhookSaveError(err error) error {
	if ae, ok := apierr.FromValidation(err); ok {
		return ae
	}
	return apierr.Internal(err)
}
