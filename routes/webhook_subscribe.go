package routes

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/webhook"
	"github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/apierr"
)

// maxWebhookDescription is the longest description, in characters (the schema's limit).
const maxWebhookDescription = 500

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

// createSubscription validates the body and stores the subscription. The URL must be https
// and public unless the site allows private webhooks; it is checked again at every delivery.
func createSubscription(e *core.RequestEvent) (map[string]any, error) {
	var b subscribeBody
	if err := decodeStrict(e, &b); err != nil {
		return nil, err
	}
	if b.URL == nil || *b.URL == "" {
		return nil, apierr.InvalidField("url", "is required")
	}
	events, err := webhookEvents(b.Events)
	if err != nil {
		return nil, err
	}
	description, err := webhookDescription(b.Description)
	if err != nil {
		return nil, err
	}
	allowPrivate, err := hooks.AllowPrivateWebhooks(e.App)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	if err := webhook.ValidateURL(*b.URL, allowPrivate); err != nil {
		var urlErr *webhook.URLError
		if errors.As(err, &urlErr) {
			ae := apierr.InvalidField("url", urlErr.Error())
			ae.Cause = urlErr
			return nil, ae
		}
		return nil, apierr.Internal(err)
	}
	secret, err := webhook.NewSecret()
	if err != nil {
		return nil, apierr.Internal(err)
	}
	col, err := e.App.FindCachedCollectionByNameOrId(pb_migrations.WebhookSubscriptions)
	if err != nil {
		return nil, apierr.NotProvisioned(err)
	}
	rec := core.NewRecord(col)
	rec.Set("url", *b.URL)
	rec.Set("events", events)
	rec.Set("description", description)
	rec.Set("secret", secret)
	rec.Set("enabled", true)
	rec.Set("failure_count", 0)
	if err := e.App.Save(rec); err != nil {
		return nil, webhookSaveError(err)
	}
	view := recordView(e.App, rec, registeredFields)
	view["secret"] = secret
	return view, nil
}

// webhookEvents validates a body's events: each one of the nine, duplicates dropped; absent,
// null or empty means all events and is stored as [].
func webhookEvents(in *[]string) ([]string, error) {
	if in == nil {
		return []string{}, nil
	}
	out := make([]string, 0, len(*in))
	for _, name := range *in {
		if !hooks.KnownEvent(name) {
			return nil, apierr.InvalidField("events", fmt.Sprintf("unknown event %q (GET /api/v1/webhooks/events lists them)", name))
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// webhookDescription validates a body's description: at most 500 characters.
func webhookDescription(in *string) (string, error) {
	if in == nil {
		return "", nil
	}
	if utf8.RuneCountInString(*in) > maxWebhookDescription {
		return "", apierr.InvalidField("description", fmt.Sprintf("must be at most %d characters", maxWebhookDescription))
	}
	return *in, nil
}

// webhookSaveError turns a failed save into a 400 naming the field, or a 500.
func webhookSaveError(err error) error {
	if ae, ok := apierr.FromValidation(err); ok {
		return ae
	}
	return apierr.Internal(err)
}
