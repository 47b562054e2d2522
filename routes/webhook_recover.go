package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/dates"
	"github.com/creator-content-api/server/routes/apierr"
)

// recoverBody is the body of POST /api/admin/webhooks/{id}/recover.
type recoverBody struct {
	Since *string `json:"since"`
	Until *string `json:"until"`
}

// recoverSubscription answers POST /api/admin/webhooks/{id}/recover: 202 with how many events
// webhooks' Recover queued again for the subscription, of those created from since to until
// (default now) that it did not receive.
func (a *API) recoverSubscription(e *core.RequestEvent) error {
	var b recoverBody
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	if b.Since == nil {
		return apierr.InvalidField("since", "is required: the RFC 3339 date-time the recovery starts from")
	}
	since, err := dates.Parse(*b.Since)
	if err != nil {
		return apierr.InvalidField("since", "must be an RFC 3339 date-time such as 2026-11-21T20:10:25Z")
	}
	until := a.cfg.Now()
	if b.Until != nil {
		if until, err = dates.Parse(*b.Until); err != nil {
			return apierr.InvalidField("until", "must be an RFC 3339 date-time such as 2026-11-21T20:10:25Z")
		}
	}
	n, err := a.cfg.Webhooks.Recover(e.Request.PathValue("id"), since, until)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusAccepted, map[string]any{"data": map[string]any{"queued": n}})
}
