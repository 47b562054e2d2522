package webhooks

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/pb_migrations"
)

// Why the dispatcher switches a subscription off (its disabled_reason).
const (
	reasonGone     = "the receiver answered 410 Gone"
	reasonFailures = "10 consecutive failed delivery attempts"
)

// maxStoredText is the length limit of last_error and response_excerpt in the schema.
const maxStoredText = 1000

// job is what one attempt needs, read in one query.
type job struct {
	Attempt      int            `db:"attempt"`
	Status       string         `db:"status"`
	NextAttempt  types.DateTime `db:"next_attempt_at"`
	URL          string         `db:"url"`
	Secret       string         `db:"secret"`
	Enabled      bool           `db:"enabled"`
	EventID      string         `db:"event_id"`
	Event        string         `db:"event"`
	Data         types.JSONRaw  `db:"data"`
	EventCreated types.DateTime `db:"event_created"`
}

// attempt makes one attempt of delivery id, if it is still pending and due and its
// subscription enabled, and records the result. Only after the attempt is the delivery
// advanced: a crash before that leaves it pending, to be attempted again.
func (d *dispatcher) attempt(ctx context.Context, id string) {
	now := d.now()
	j, err := d.load(id, now)
	if err != nil {
		d.app.Logger().Error("webhooks: load delivery", "delivery", id, "error", err)
		return
	}
	if j == nil {
		return // no longer due: delivered, redelivered, switched off or deleted meanwhile
	}
	msg, err := j.message(id)
	var (
		res  wire.Result
		sent http.Header
	)
	if err == nil {
		res, sent = d.send(ctx, msg, j.URL, j.Secret)
	} else {
		d.app.Logger().Error("webhooks: build delivery", "delivery", id, "error", err)
		res = wire.Result{Err: "the delivery could not be built", Outcome: wire.Failed}
	}
	if ctx.Err() != nil && res.Outcome != wire.Delivered {
		return // cut short by shutdown: not the receiver's failure; tried again after restart
	}
	err = d.record(id, res, sent)
	d.pause.note(err, d.now())
	if err != nil {
		d.app.Logger().Error("webhooks: record delivery attempt", "delivery", id, "error", err)
	}
}

// send signs msg for this attempt and posts it with the client the site's policy calls for. It
// returns the result and the request headers sent (nil when the request could not be built).
func (d *dispatcher) send(ctx context.Context, msg wire.Message, url, secret string) (wire.Result, http.Header) {
	allowPrivate, err := allowPrivateWebhooks(d.app)
	if err != nil {
		d.app.Logger().Error("webhooks: read site settings", "error", err)
	}
	req, err := msg.Request(ctx, url, secret, d.now())
	if err != nil {
		d.app.Logger().Error("webhooks: build request", "delivery", msg.DeliveryID, "error", err)
		return wire.Result{Err: "the request could not be built", Outcome: wire.Failed}, nil
	}
	return wire.Send(ctx, d.client(allowPrivate), req, d.now), req.Header.Clone()
}

// load reads the delivery with its subscription and event; nil if it is not to be attempted.
func (d *dispatcher) load(id string, now time.Time) (*job, error) {
	var j job
	err := d.app.DB().Select(
		"d.attempt", "d.status", "d.next_attempt_at", "s.url", "s.secret", "s.enabled",
		"e.id AS event_id", "e.event", "e.data", "e.created AS event_created").
		From(pb_migrations.WebhookDeliveries+" d").
		InnerJoin(pb_migrations.WebhookSubscriptions+" s", dbx.NewExp("[[s.id]] = [[d.subscription]]")).
		InnerJoin(pb_migrations.WebhookEvents+" e", dbx.NewExp("[[e.id]] = [[d.event]]")).
		Where(dbx.HashExp{"d.id": id}).
		Limit(1).
		One(&j)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if j.Status != statusPending || !j.Enabled || j.NextAttempt.IsZero() || j.NextAttempt.Time().After(now) {
		return nil, nil
	}
	return &j, nil
}

// message is the wire message of the job: the event's time, not the attempt's.
func (j *job) message(deliveryID string) (wire.Message, error) {
	data := map[string]any{}
	if len(j.Data) > 0 && string(j.Data) != "null" {
		dec := json.NewDecoder(bytes.NewReader(j.Data))
		dec.UseNumber() // amounts go out exactly as stored
		if err := dec.Decode(&data); err != nil {
			return wire.Message{}, fmt.Errorf("event %s data: %w", j.EventID, err)
		}
	}
	return wire.Message{
		DeliveryID: wire.DeliveryIDPrefix + deliveryID,
		EventID:    wire.EventIDPrefix + j.EventID,
		Event:      j.Event,
		Timestamp:  j.EventCreated.Time(),
		Data:       data,
	}, nil
}

// record advances the delivery and its subscription after an attempt, and adds the attempt
// (with the request headers sent) to the delivery's history, in one transaction: success ends the delivery and resets the subscription's consecutive failures; a failure
// counts one more and schedules the next attempt (or fails the delivery after the last); the
// 10th consecutive failure, or a 410, switches the subscription off.
func (d *dispatcher) record(id string, res wire.Result, sent http.Header) error {
	return d.app.RunInTransaction(func(txApp core.App) error {
		dlv, err := txApp.FindRecordById(pb_migrations.WebhookDeliveries, id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // deleted with its subscription or event meanwhile
		}
		if err != nil {
			return err
		}
		if dlv.GetString("status") != statusPending {
			return nil // switched off meanwhile
		}
		sub, err := txApp.FindRecordById(pb_migrations.WebhookSubscriptions, dlv.GetString("subscription"))
		if err != nil {
			return err
		}
		now := d.now()
		at, err := types.ParseDateTime(now)
		if err != nil {
			return err
		}
		attempt := dlv.GetInt("attempt") + 1
		dlv.Set("attempt", attempt)
		dlv.Set("last_status_code", res.StatusCode)
		dlv.Set("last_duration_ms", res.Duration.Milliseconds())
		dlv.Set("last_error", clipText(res.Err, maxStoredText))
		dlv.Set("response_excerpt", clipText(res.ResponseExcerpt, maxStoredText))
		dlv.SetRaw("updated", at)

		failures := sub.GetInt("failure_count")
		subChanged := false
		switchOff := func(reason string) {
			sub.Set("enabled", false)
			sub.Set("disabled_reason", reason)
		}
		switch res.Outcome {
		case wire.Delivered:
			dlv.Set("status", statusSucceeded)
			dlv.Set("delivered_at", at)
			dlv.Set("next_attempt_at", "")
			subChanged = failures != 0
			sub.Set("failure_count", 0)
		case wire.Gone:
			dlv.Set("status", statusFailed)
			dlv.Set("next_attempt_at", "")
			sub.Set("failure_count", failures+1)
			switchOff(reasonGone)
			subChanged = true
		default:
			failures++
			sub.Set("failure_count", failures)
			subChanged = true
			next, more := wire.NextAttempt(attempt, now, res.RetryAfter)
			if failures >= wire.MaxConsecutiveFailures {
				switchOff(reasonFailures)
				more = false
			}
			if more {
				dlv.Set("next_attempt_at", next)
			} else {
				dlv.Set("status", statusFailed)
				dlv.Set("next_attempt_at", "")
			}
		}
		// Our values are valid; a validation failure here must not keep the delivery due.
		if err := txApp.SaveNoValidate(dlv); err != nil {
			return fmt.Errorf("save delivery: %w", err)
		}
		if err := storeAttempt(txApp, id, at, res, sent); err != nil {
			return err
		}
		if subChanged {
			// After the delivery, so that the switch-off hook, which fails the pending
			// deliveries of the subscription, finds this one already settled.
			if err := txApp.SaveNoValidate(sub); err != nil {
				return fmt.Errorf("save subscription: %w", err)
			}
		}
		return nil
	})
}

// clipText shortens s to at most n characters.
func clipText(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}
