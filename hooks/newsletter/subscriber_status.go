package newsletter

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/hookorder"
	"github.com/creator-content-api/server/hooks/vocab"
)

// BindSubscriberStatus keeps a subscriber's status and its older `confirmed` flag in step on
// every save, whoever makes it. A row the owner adds in the dashboard without a status takes
// it from the flag: pending, or confirmed when the owner ticked "confirmed" (they have the
// reader's consent, as an import with consent); it is never mailed a confirmation. A status
// set to confirmed sets the flag and, when missing, the time of confirmation.
func BindSubscriberStatus(app core.App, now func() time.Time) {
	h := &hook.Handler[*core.RecordEvent]{
		Id:       hookorder.NewsletterSubscriberStatus,
		Priority: hookorder.NewsletterSubscriberStatusPriority,
		Func: func(e *core.RecordEvent) error {
			syncSubscriberStatus(e.Record, now)
			return e.Next()
		},
	}
	app.OnRecordCreate(vocab.NewsletterSubscribers).Bind(h)
	app.OnRecordUpdate(vocab.NewsletterSubscribers).Bind(h)
}

func syncSubscriberStatus(rec *core.Record, now func() time.Time) {
	status := rec.GetString("status")
	if status == "" {
		status = StatusPending
		if rec.GetBool("confirmed") {
			status = StatusConfirmed
		}
		rec.Set("status", status)
	}
	rec.Set("confirmed", status == StatusConfirmed)
	if status == StatusConfirmed && rec.GetDateTime("confirmed_at").IsZero() {
		rec.Set("confirmed_at", now().UTC())
	}
}
