package subscriptions

import (
	"fmt"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/routine"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// errSwitchedOff is the last_error of the deliveries a switch-off ends.
const errSwitchedOff = "subscription switched off"

// Why the sender switches a subscription off (its disabled_reason); the owner is mailed about
// these (switch_off_mail.go).
const (
	ReasonGone     = "the receiver answered 410 Gone"
	ReasonFailures = "10 consecutive failed delivery attempts"
)

// BindState keeps a subscription's state whoever writes it (our admin API, the
// dashboard, the dispatcher, a key's revocation): re-enabling resets failure_count and
// disabled_reason; switching off fails its pending deliveries in the same transaction, so
// nothing more is pushed to it (the owner can redeliver them one by one after re-enabling),
// and a switch-off by the dispatcher is mailed to the owner after the commit.
// What a subscription may hold is bindRules'.
func BindState(app core.App, now func() time.Time) {
	app.OnRecordUpdateExecute(vocab.WebhookSubscriptions).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.WebhooksSubscriptionState, Priority: hookorder.WebhooksSubscriptionStatePriority,
		Func: func(e *core.RecordEvent) error {
			wasEnabled := e.Record.Original().GetBool("enabled")
			enabled := e.Record.GetBool("enabled")
			if enabled && !wasEnabled {
				e.Record.Set("failure_count", 0)
				e.Record.Set("disabled_reason", "")
			}
			if enabled || !wasEnabled {
				return e.Next()
			}
			orig := e.App
			defer func() { e.App = orig }()
			return orig.RunInTransaction(func(txApp core.App) error {
				e.App = txApp
				if err := e.Next(); err != nil {
					return err
				}
				if automaticReason(e.Record.GetString("disabled_reason")) {
					tellOwnerAfterCommit(app, txApp, e.Record.Id)
				}
				return failPending(txApp, e.Record.Id, now())
			})
		},
	})
}

// tellOwnerAfterCommit mails the owner about the automatic switch-off of subscription id once
// txApp's transaction has committed it (once per switch-off: the hook runs on the transition
// only), in the background: a slow mail server must not hold up the dispatcher.
func tellOwnerAfterCommit(app, txApp core.App, id string) {
	send := func() {
		routine.FireAndForget(func() {
			if err := mailSwitchOff(app, id); err != nil {
				app.Logger().Warn("webhooks: mailing the owner about a switched-off subscription", "subscription", id, "error", err)
			}
		})
	}
	tx := txApp.TxInfo()
	if tx == nil {
		send()
		return
	}
	tx.OnComplete(func(txErr error) error {
		if txErr == nil {
			send()
		}
		return nil
	})
}

// failPending ends the pending deliveries of a subscription that was switched off.
func failPending(txApp core.App, subscriptionID string, now time.Time) error {
	at, err := types.ParseDateTime(now)
	if err != nil {
		return err
	}
	_, err = txApp.DB().Update(vocab.WebhookDeliveries,
		dbx.Params{"status": DeliveryFailed, "next_attempt_at": "", "last_error": errSwitchedOff, "updated": at.String()},
		dbx.HashExp{"subscription": subscriptionID, "status": DeliveryPending},
	).Execute()
	if err != nil {
		return fmt.Errorf("webhooks: end pending deliveries of %s: %w", subscriptionID, err)
	}
	return nil
}
