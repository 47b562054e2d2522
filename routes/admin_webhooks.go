package routes

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/sender"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// Bounds of the deliveries history's limit.
const (
	defaultDeliveriesLimit = 50
	maxDeliveriesLimit     = 200
)

// subscriptionFields are a subscription as the owner sees it (never its secret).
var subscriptionFields = []string{"id", "url", "events", "filter", "enabled", "description", "failure_count", "disabled_reason", "api_key", "created", "updated"}

// subscriptionPatch is the body of PATCH /api/admin/webhooks/{id}.
type subscriptionPatch struct {
	Enabled     *bool     `json:"enabled"`
	Events      *[]string `json:"events"`
	Description *string   `json:"description"`
	// Filter replaces the filter; {} removes it.
	Filter *json.RawMessage `json:"filter"`
}

// listSubscriptions answers GET /api/admin/webhooks: every subscription, newest first.
func (a *API) listSubscriptions(e *core.RequestEvent) error {
	recs, err := subscriptions.List(e.App)
	if err != nil {
		return domainError(err)
	}
	out, err := a.subscriptionViews(e.App, recs)
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": out})
}

// updateSubscription answers PATCH /api/admin/webhooks/{id} with subscriptions.Update:
// the subscription rules apply, re-enabling resets failure_count and disabled_reason, and
// switching off ends the pending deliveries, as for the dashboard's edits.
func (a *API) updateSubscription(e *core.RequestEvent) error {
	var b subscriptionPatch
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	f := subscriptions.Fields{Events: b.Events, Description: b.Description, Enabled: b.Enabled, Filter: b.Filter}
	sub, err := subscriptions.Update(e.App, e.Request.PathValue("id"), f)
	if err != nil {
		return domainError(err)
	}
	out, err := a.subscriptionViews(e.App, []*core.Record{sub})
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": out[0]})
}

// deleteSubscription answers DELETE /api/admin/webhooks/{id}: 204; its deliveries go with it.
func deleteSubscription(e *core.RequestEvent) error {
	if err := subscriptions.Delete(e.App, e.Request.PathValue("id")); err != nil {
		return domainError(err)
	}
	return noContent(e)
}

// testSubscription answers POST /api/admin/webhooks/{id}/test: it sends a signed "ping" now
// and reports the receiver's answer. Nothing is stored or retried.
func (a *API) testSubscription(e *core.RequestEvent) error {
	res, err := a.cfg.Webhooks.SendTest(e.Request.Context(), e.Request.PathValue("id"))
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": map[string]any{
		"delivered":        res.Outcome == wire.Delivered,
		"status_code":      nullableInt(res.StatusCode),
		"duration_ms":      res.Duration.Milliseconds(),
		"error":            nullableString(res.Err),
		"response_excerpt": res.ResponseExcerpt,
	}})
}

// listDeliveries answers GET /api/admin/webhooks/{id}/deliveries: the subscription's latest
// deliveries, newest first (`limit` 1..200, default 50).
func listDeliveries(e *core.RequestEvent) error {
	limit, err := intParam(e.Request.URL.Query(), params.Limit, defaultDeliveriesLimit, 1, maxDeliveriesLimit)
	if err != nil {
		return err
	}
	recs, err := subscriptions.ListDeliveries(e.App, e.Request.PathValue("id"), limit)
	if err != nil {
		return domainError(err)
	}
	out, err := deliveryViews(e.App, recs)
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": out})
}

// redeliver answers POST /api/admin/webhook-deliveries/{id}/redeliver: 202 with the delivery,
// pending again with a fresh schedule and attempted at once by the dispatcher.
func (a *API) redeliver(e *core.RequestEvent) error {
	dlv, err := a.cfg.Webhooks.Redeliver(e.Request.PathValue("id"))
	if err != nil {
		return domainError(err)
	}
	out, err := deliveryViews(e.App, []*core.Record{dlv})
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusAccepted, map[string]any{"data": out[0]})
}

// subscriptionViews are the owner's views of subs, with the names of their keys and why their
// pushes are held, read once for all.
func (a *API) subscriptionViews(app core.App, subs []*core.Record) ([]map[string]any, error) {
	names, err := keyNames(app, subs)
	if err != nil {
		return nil, err
	}
	paused, err := a.cfg.Webhooks.PausedReasons()
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(subs))
	for _, s := range subs {
		out = append(out, subscriptionView(s, names, paused))
	}
	return out, nil
}

// subscriptionView is the owner's view of a subscription; disabled_reason is null unless the
// service switched it off; paused_reason is null unless its pushes are held because the key
// that registered it could not register it now (sender.PausedKey…, from paused); api_key is
// null when the owner made it, and api_key_name is the name of that key (from names, see
// keyNames), null once it is revoked.
func subscriptionView(sub *core.Record, names, paused map[string]string) map[string]any {
	v := recordView("", sub, subscriptionFields) // no file fields
	v["disabled_reason"] = nullableString(sub.GetString("disabled_reason"))
	v["paused_reason"] = nullableString(paused[sub.Id])
	key := sub.GetString("api_key")
	v["api_key"] = nullableString(key)
	v["api_key_name"] = nil
	if name, ok := names[key]; ok {
		v["api_key_name"] = name
	}
	return v
}

// keyNames maps the ids of the keys that registered subs, those not revoked, to their names.
func keyNames(app core.App, subs []*core.Record) (map[string]string, error) {
	var ids []string
	for _, s := range subs {
		if id := s.GetString("api_key"); id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	names := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return names, nil
	}
	recs, err := app.FindRecordsByIds(vocab.APIKeys, ids)
	if err != nil {
		return nil, err
	}
	for _, k := range recs {
		names[k.Id] = k.GetString("name")
	}
	return names, nil
}

// deliveryFields are the delivery fields shown as stored (empty dates as null).
var deliveryFields = []string{"status", "attempt", "next_attempt_at", "last_duration_ms", "response_excerpt", "delivered_at", "created", "updated"}

// deliveryViews are the views of deliveries, with their events and attempts read in one
// query each.
func deliveryViews(app core.App, dlvs []*core.Record) ([]map[string]any, error) {
	if errs := app.ExpandRecords(dlvs, []string{"event"}, nil); len(errs) > 0 {
		return nil, errors.Join(mapValues(errs)...)
	}
	ids := make([]string, len(dlvs))
	for i, d := range dlvs {
		ids[i] = d.Id
	}
	attempts, err := sender.AttemptsOf(app, ids)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(dlvs))
	for _, d := range dlvs {
		out = append(out, deliveryView(d, attempts[d.Id]))
	}
	return out, nil
}

// deliveryView is one delivery of the history with its attempts, oldest first; ids carry their
// wire prefixes, and a status or error that does not exist yet is null.
func deliveryView(dlv *core.Record, attempts []sender.Attempt) map[string]any {
	v := recordView("", dlv, deliveryFields) // no file fields
	v["id"] = wire.DeliveryIDPrefix + dlv.Id
	v["event_id"] = wire.EventIDPrefix + dlv.GetString("event")
	v["event"] = ""
	if ev := dlv.ExpandedOne("event"); ev != nil {
		v["event"] = ev.GetString("event")
	}
	v["last_status_code"] = nullableInt(dlv.GetInt("last_status_code"))
	v["last_error"] = nullableString(dlv.GetString("last_error"))
	v["attempts"] = attemptViews(attempts)
	return v
}

// attemptViews are the attempts of a delivery as the owner sees them.
func attemptViews(attempts []sender.Attempt) []map[string]any {
	out := make([]map[string]any, 0, len(attempts))
	for _, a := range attempts {
		headers := map[string]string(a.RequestHeaders)
		if headers == nil {
			headers = map[string]string{}
		}
		out = append(out, map[string]any{
			"at":               a.At.String(),
			"status_code":      nullableInt(a.StatusCode),
			"duration_ms":      a.DurationMS,
			"error":            nullableString(a.Error),
			"response_excerpt": a.ResponseExcerpt,
			"request_headers":  headers,
		})
	}
	return out
}

func nullableInt(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

func nullableString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func mapValues(m map[string]error) []error {
	out := make([]error, 0, len(m))
	for _, err := range m {
		out = append(out, err)
	}
	return out
}
