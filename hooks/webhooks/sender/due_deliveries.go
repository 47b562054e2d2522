package sender

import (
	"database/sql"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Conditions that make a delivery due: pending, its time come, its subscription enabled.
// dueByTime walks the (status, next_attempt_at) index; dueByID is the same test for deliveries
// looked up by id, where the unary + keeps SQLite from walking that index (every due delivery)
// instead of the ids' primary key.
const (
	dueByTime = "[[d.status]] = {:pending} AND [[d.next_attempt_at]] != '' AND [[d.next_attempt_at]] <= {:now} AND [[s.enabled]] = TRUE"
	dueByID   = "+[[d.status]] = {:pending} AND +[[d.next_attempt_at]] != '' AND +[[d.next_attempt_at]] <= {:now} AND [[s.enabled]] = TRUE"
)

// due is condition at the injected clock's now.
func (d *Dispatcher) due(condition string) (dbx.Expression, error) {
	now, err := types.ParseDateTime(d.now())
	if err != nil {
		return nil, err
	}
	return dbx.NewExp(condition, dbx.Params{"pending": subscriptions.DeliveryPending, "now": now.String()}), nil
}

// scanDue lists up to limit due deliveries, the most overdue first, leaving out the
// deliveries exclude and the subscriptions skipSubs. It uses the (status, next_attempt_at)
// index.
func (d *Dispatcher) scanDue(limit int, exclude, skipSubs []string) ([]hint, error) {
	if err := subscriptions.Provisioned(d.app); err != nil {
		return nil, nil // not provisioned: nothing to deliver
	}
	where, err := d.due(dueByTime)
	if err != nil {
		return nil, err
	}
	q := d.app.DB().Select("d.id", "d.subscription").
		From(vocab.WebhookDeliveries+" d").
		InnerJoin(vocab.WebhookSubscriptions+" s", dbx.NewExp("[[s.id]] = [[d.subscription]]")).
		Where(where).
		OrderBy("d.next_attempt_at", "d.id").
		Limit(int64(limit))
	if len(exclude) > 0 {
		q.AndWhere(dbx.NotIn("d.id", anys(exclude)...))
	}
	if len(skipSubs) > 0 {
		q.AndWhere(dbx.NotIn("d.subscription", anys(skipSubs)...))
	}
	var rows []struct {
		ID           string `db:"id"`
		Subscription string `db:"subscription"`
	}
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	found := make([]hint, len(rows))
	for i, r := range rows {
		found[i] = hint{id: r.ID, sub: r.Subscription}
	}
	return found, nil
}

// loadJobs reads the deliveries of hints with their subscriptions and events, in one query,
// and returns, in the hints' order, those still due: a hint may be stale (delivered,
// redelivered, switched off or deleted since).
func (d *Dispatcher) loadJobs(hints []hint) ([]job, error) {
	where, err := d.due(dueByID)
	if err != nil {
		return nil, err
	}
	ids := make([]any, len(hints))
	for i, h := range hints {
		ids[i] = h.id
	}
	var rows []job
	err = d.app.DB().Select("d.id", "d.subscription", "s.url", "s.secret",
		"e.id AS event_id", "e.event", "e.data", "e.created AS event_created", "e.served").
		From(vocab.WebhookDeliveries+" d").
		InnerJoin(vocab.WebhookSubscriptions+" s", dbx.NewExp("[[s.id]] = [[d.subscription]]")).
		InnerJoin(vocab.WebhookEvents+" e", dbx.NewExp("[[e.id]] = [[d.event]]")).
		Where(dbx.In("d.id", ids...)).
		AndWhere(where).
		All(&rows)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]job, len(rows))
	for _, j := range rows {
		byID[j.ID] = j
	}
	jobs := make([]job, 0, len(rows))
	for _, h := range hints {
		if j, ok := byID[h.id]; ok {
			jobs = append(jobs, j)
			delete(byID, h.id) // a hint given twice starts once
		}
	}
	return jobs, nil
}

// untilNextDue is how long the loop may sleep: until the end of a store pause, else until the
// earliest future attempt, at most maxIdle (heldRecheck while the pushes of a subscription are
// held, to see its key come back). Due deliveries it could not start yet are started when a running attempt ends.
func (d *Dispatcher) untilNextDue() (wait time.Duration) {
	if wait := d.st.pauseLeft(d.now()); wait > 0 {
		return wait
	}
	if d.gate.holding() {
		defer func() { wait = min(wait, heldRecheck) }()
	}
	if err := subscriptions.Provisioned(d.app); err != nil {
		return maxIdle
	}
	now := d.now()
	at, err := types.ParseDateTime(now)
	if err != nil {
		return maxIdle
	}
	var next sql.NullString // NULL when nothing is scheduled
	err = d.app.DB().Select("MIN([[next_attempt_at]])").From(vocab.WebhookDeliveries).
		Where(dbx.NewExp("[[status]] = {:pending} AND [[next_attempt_at]] > {:now}",
			dbx.Params{"pending": subscriptions.DeliveryPending, "now": at.String()})).
		Row(&next)
	if err != nil {
		d.app.Logger().Error("webhooks: find the next attempt", "error", err)
		return maxIdle
	}
	if !next.Valid {
		return maxIdle
	}
	t, err := types.ParseDateTime(next.String)
	if err != nil {
		return maxIdle
	}
	return min(max(t.Time().Sub(now), 0), maxIdle)
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
