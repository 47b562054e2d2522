// Package subscriptions owns the webhook subscriptions: created, updated and deleted through
// this package by the API and the console, and every save (the dashboard's too) keeps the
// registration rules (subscription_rules.go) and counts against the site's cap
// (subscription_limit.go); their filters (subscription_filter.go); their state
// (subscription_state.go: re-enabling resets the failures, switching off fails the pending
// deliveries and mails the owner of an automatic switch-off); and the switch-off of the
// subscriptions of a revoked key (key_revocation.go). It also says whether the site has the
// webhook storage (storage.go) and the names the other webhook packages share: the delivery
// statuses and the reasons of a switch-off.
//
// Collections hooked: webhook_subscriptions (OnRecordCreate, OnRecordUpdate, their Request
// hooks, OnRecordUpdateExecute) and api_keys (OnRecordDeleteExecute). Hook ids:
// ccaWebhooksSubscriptionRules, ccaWebhooksSubscriptionDefaults,
// ccaWebhooksSubscriptionState, ccaWebhooksKeyRevocation. No jobs.
package subscriptions

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Errors of the subscription operations; the API turns them into responses.
var (
	// ErrSubscriptionNotFound: no subscription has that id.
	ErrSubscriptionNotFound = errors.New("webhook subscription not found")
	// ErrSubscriptionDisabled: the subscription is switched off, so nothing is pushed to it
	// until the owner re-enables it.
	ErrSubscriptionDisabled = errors.New("webhook subscription is switched off")
)

// Bind makes every save of a subscription keep the registration rules (bindRules) and its
// state (BindState, with the clock now), and a key's deletion switch off its subscriptions
// (bindKeyRevocation).
func Bind(app core.App, now func() time.Time) {
	bindRules(app)
	BindState(app, now)
	bindKeyRevocation(app)
}

// Fields are the settable fields of a subscription. A nil pointer leaves the field
// as it is (on create: its default). The signing secret is not among them: the subscription
// rules generate it when a subscription is saved without one (subscription_rules.go), and the
// record carries it back to be shown once.
type Fields struct {
	URL         *string
	Events      *[]string // none: every event
	Description *string
	Enabled     *bool
	// Filter is the filter as JSON (ParseFilter's form); null removes it.
	Filter *json.RawMessage
}

// Create stores a new, enabled subscription registered by the API key keyID (""
// for the owner's own, made in the console or the admin API) and returns it with its fresh
// secret. A refusal of the registration rules is a validation.Errors naming the field; a site
// at its cap of subscriptions refuses with ErrSubscriptionLimit, the owner's own too.
func Create(app core.App, f Fields, keyID string) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(vocab.WebhookSubscriptions)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotProvisioned, err)
	}
	sub := core.NewRecord(col)
	sub.Set("url", "")
	sub.Set("events", []string{})
	sub.Set("enabled", true)
	sub.Set("failure_count", 0)
	sub.Set("api_key", keyID)
	// Saved first, so that a registration the rules refuse says why; then counted with it, in
	// the same transaction, so that two registrations cannot both take the last place.
	err = app.RunInTransaction(func(txApp core.App) error {
		if err := saveSubscription(txApp, sub, f); err != nil {
			return err
		}
		return checkSubscriptionLimit(txApp)
	})
	if err != nil {
		return nil, err
	}
	return sub, nil
}

// Update changes the given fields of subscription id. Re-enabling resets the
// failures and switching off ends the pending deliveries (subscription_state.go).
func Update(app core.App, id string, f Fields) (*core.Record, error) {
	sub, err := Find(app, id)
	if err != nil {
		return nil, err
	}
	if err := saveSubscription(app, sub, f); err != nil {
		return nil, err
	}
	return sub, nil
}

// Delete deletes subscription id; its deliveries go with it.
func Delete(app core.App, id string) error {
	sub, err := Find(app, id)
	if err != nil {
		return err
	}
	if err := app.Delete(sub); err != nil {
		return fmt.Errorf("webhooks: delete subscription %s: %w", id, err)
	}
	return nil
}

// Find returns subscription id, or ErrSubscriptionNotFound.
func Find(app core.App, id string) (*core.Record, error) {
	if err := Provisioned(app); err != nil {
		return nil, err
	}
	sub, err := app.FindRecordById(vocab.WebhookSubscriptions, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrSubscriptionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: find subscription %s: %w", id, err)
	}
	return sub, nil
}

// List returns every subscription, newest first.
func List(app core.App) ([]*core.Record, error) {
	subs, err := app.FindRecordsByFilter(vocab.WebhookSubscriptions, "", "-created,-id", 0, 0)
	if err != nil {
		return nil, fmt.Errorf("webhooks: list subscriptions: %w", err)
	}
	return subs, nil
}

// ListDeliveries returns the latest limit deliveries of subscription id, newest first.
func ListDeliveries(app core.App, id string, limit int) ([]*core.Record, error) {
	sub, err := Find(app, id)
	if err != nil {
		return nil, err
	}
	var dlvs []*core.Record
	// Within one millisecond (an update and its content.published) the later insert comes first.
	err = app.RecordQuery(vocab.WebhookDeliveries).
		Where(dbx.HashExp{"subscription": sub.Id}).
		OrderBy("created DESC", "rowid DESC").
		Limit(int64(limit)).
		All(&dlvs)
	if err != nil {
		return nil, fmt.Errorf("webhooks: list deliveries of %s: %w", id, err)
	}
	return dlvs, nil
}

// saveSubscription sets f on sub and saves it: the rules run on the save, as for the
// dashboard's.
func saveSubscription(app core.App, sub *core.Record, f Fields) error {
	if f.URL != nil {
		sub.Set("url", *f.URL)
	}
	if f.Events != nil {
		// Checked here too: the record would drop an empty name without a word.
		if err := validateEvents(*f.Events); err != nil {
			return err
		}
		sub.Set("events", *f.Events)
	}
	if f.Description != nil {
		sub.Set("description", *f.Description)
	}
	if f.Filter != nil {
		filter, err := ParseFilter(*f.Filter)
		if err != nil {
			return err
		}
		sub.Set("filter", filter.Value())
	}
	if f.Enabled != nil {
		sub.Set("enabled", *f.Enabled)
	}
	return app.Save(sub)
}
