package subscriptions

import (
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/creator-content-api/server/hooks/hookorder"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// maxSubscriptionDescription is the longest description, in characters (the schema's limit).
const maxSubscriptionDescription = 500

// bindRules makes every save of a subscription keep the registration rules,
// whoever saves it: our v2 and admin API, PocketBase's records API and so the dashboard,
// /api/batch and Go code. A refusal is a validation error naming the field, which PocketBase
// shows on the field and our API turns into a 400 naming it.
func bindRules(app core.App) {
	rules := &hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksSubscriptionRules, Priority: hookorder.WebhooksSubscriptionRulesPriority,
		Func: func(e *core.RecordEvent) error {
			if err := applySubscriptionRules(e.App, e.Record); err != nil {
				return err
			}
			return e.Next()
		},
	}
	app.OnRecordCreate(vocab.WebhookSubscriptions).Bind(rules)
	app.OnRecordUpdate(vocab.WebhookSubscriptions).Bind(rules)

	// Only the records API knows which fields a body left out; our API sets every field.
	app.OnRecordCreateRequest(vocab.WebhookSubscriptions).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id: hookorder.WebhooksSubscriptionDefaults, Priority: hookorder.WebhooksSubscriptionDefaultsPriority,
		Func: func(e *core.RecordRequestEvent) error {
			info, err := e.RequestInfo()
			if err != nil {
				return err
			}
			if _, sent := info.Body["enabled"]; !sent {
				e.Record.Set("enabled", true)
			}
			if err := keepAPIKey(e.Record); err != nil {
				return err
			}
			return e.Next()
		},
	})
	app.OnRecordUpdateRequest(vocab.WebhookSubscriptions).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id: hookorder.WebhooksSubscriptionDefaults, Priority: hookorder.WebhooksSubscriptionDefaultsPriority,
		Func: func(e *core.RecordRequestEvent) error {
			if err := keepAPIKey(e.Record); err != nil {
				return err
			}
			return e.Next()
		},
	})
}

// applySubscriptionRules checks sub before it is saved: a URL (https and public unless the
// site allows private webhooks), known events, a well-formed filter, a description of at most 500 characters and a
// well-formed signing secret, generated when empty. The URL and the secret are checked only
// when they are new or changed: the dispatcher saves failure counts and switch-offs of stored
// subscriptions, which must neither wait for DNS nor fail because the site's policy changed.
func applySubscriptionRules(app core.App, sub *core.Record) error {
	urlChanged := changed(sub, "url")
	url := sub.GetString("url")
	if urlChanged && url == "" {
		return fieldError("url", "is required")
	}
	if err := validateEvents(sub.GetStringSlice("events")); err != nil {
		return err
	}
	f, err := FilterOf(sub)
	if err != nil {
		return err
	}
	sub.Set("filter", f.Value()) // stored in one shape: null or the object with what it holds
	if utf8.RuneCountInString(sub.GetString("description")) > maxSubscriptionDescription {
		return fieldError("description", fmt.Sprintf("must be at most %d characters", maxSubscriptionDescription))
	}
	if urlChanged {
		if err := checkURL(app, url); err != nil {
			return err
		}
	}
	return checkSecret(sub)
}

// validateEvents returns a validation error naming events unless every name is one of the
// nine. The rules call it on every save; saveSubscription calls it on the given list as well,
// since a record drops empty names without a word.
func validateEvents(names []string) error {
	for _, name := range names {
		if !vocab.KnownEvent(name) {
			return fieldError("events", fmt.Sprintf("unknown event %q (GET /api/v1/webhooks/events lists them)", name))
		}
	}
	return nil
}

// checkURL validates a new webhook URL against the site's policy; it is checked again at
// every delivery.
func checkURL(app core.App, url string) error {
	allowPrivate, err := AllowPrivateWebhooks(app)
	if err != nil {
		return err
	}
	err = wire.ValidateURL(url, allowPrivate)
	var urlErr *wire.URLError
	if !errors.As(err, &urlErr) {
		return err
	}
	if !allowPrivate && wire.ValidateURL(url, true) == nil {
		// Refused only for its address or its http: the setting that allows it is named.
		return fieldError("url", urlErr.Error()+"; "+allowPrivateHint)
	}
	return fieldError("url", urlErr.Error())
}

// allowPrivateHint ends the refusal of a URL that webhooks_allow_private would allow.
const allowPrivateHint = "for a receiver on this machine or a private network (local development), " +
	"the owner can switch on webhooks_allow_private in the dashboard's site_settings"

// checkSecret gives sub a fresh secret when it has none, and refuses a new one typed in that
// is not of the form NewSecret makes (it would fail every delivery).
func checkSecret(sub *core.Record) error {
	if sub.GetString("secret") == "" {
		secret, err := wire.NewSecret()
		if err != nil {
			return err
		}
		sub.Set("secret", secret)
		return nil
	}
	if changed(sub, "secret") && wire.ValidateSecret(sub.GetString("secret")) != nil {
		return fieldError("secret", `must be "whsec_" followed by standard base64; leave it empty to have one generated`)
	}
	return nil
}

// keepAPIKey refuses a records API write that sets or changes api_key: only a registration
// with a key records one, so a subscription made in the dashboard is the owner's.
func keepAPIKey(sub *core.Record) error {
	if sub.GetString("api_key") != sub.Original().GetString("api_key") {
		return fieldError("api_key", "is set by the service to the API key that registered the subscription")
	}
	return nil
}

// changed reports whether rec is new or its field differs from the stored value.
func changed(rec *core.Record, field string) bool {
	return rec.IsNew() || rec.GetString(field) != rec.Original().GetString(field)
}

func fieldError(field, msg string) error {
	return validation.Errors{field: validation.NewError("validation_invalid_"+field, msg)}
}

// FilterOf is the filter subscription sub holds (ParseFilter of its filter field).
func FilterOf(sub *core.Record) (Filter, error) { return ParseFilter(jsonOf(sub.Get("filter"))) }

// jsonOf is a JSON field's value as JSON: PocketBase holds what it read or was given as
// types.JSONRaw; anything else set in Go is encoded.
func jsonOf(v any) []byte {
	if raw, ok := v.(types.JSONRaw); ok {
		return raw
	}
	b, err := json.Marshal(v)
	if err != nil {
		return []byte("{") // refused by ParseFilter, naming the field
	}
	return b
}
