package subscriptions

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
)

// ReasonKeyRevoked is the disabled_reason of a subscription switched off because the API key
// that registered it was revoked.
const ReasonKeyRevoked = "the API key that registered it was revoked"

// bindKeyRevocation switches off the subscriptions an API key registered when the key is
// deleted, whoever deletes it (DELETE /api/admin/api-keys/{id}, the `keys revoke` command,
// the dashboard), in the delete's own transaction: the key and its subscriptions go together
// or not at all. Switching off fails their pending deliveries too (BindState).
// Subscriptions already switched off keep their reason; the owner may re-enable any of them.
func bindKeyRevocation(app core.App) {
	app.OnRecordDeleteExecute(vocab.APIKeys).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksKeyRevocation, Priority: hookorder.WebhooksKeyRevocationPriority,
		Func: func(e *core.RecordEvent) error {
			orig := e.App
			defer func() { e.App = orig }() // After*Success handlers must not see the finished tx app
			// Joins the caller's transaction if there is one; PocketBase's delete further down
			// the chain joins this one.
			return orig.RunInTransaction(func(txApp core.App) error {
				e.App = txApp
				if err := e.Next(); err != nil {
					return err
				}
				return switchOffSubscriptionsOf(txApp, e.Record.Id)
			})
		},
	})
}

// switchOffSubscriptionsOf switches off the enabled subscriptions registered with key keyID.
func switchOffSubscriptionsOf(txApp core.App, keyID string) error {
	_, err := txApp.FindCachedCollectionByNameOrId(vocab.WebhookSubscriptions)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // a site without webhooks
	}
	if err != nil {
		return err
	}
	subs, err := txApp.FindAllRecords(vocab.WebhookSubscriptions, dbx.HashExp{"api_key": keyID, "enabled": true})
	if err != nil {
		return fmt.Errorf("webhooks: subscriptions of key %s: %w", keyID, err)
	}
	for _, sub := range subs {
		sub.Set("enabled", false)
		sub.Set("disabled_reason", ReasonKeyRevoked)
		if err := txApp.Save(sub); err != nil {
			return fmt.Errorf("webhooks: switch off subscription %s of revoked key %s: %w", sub.Id, keyID, err)
		}
	}
	return nil
}
