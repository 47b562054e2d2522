package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/webhooks/sender"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Bounds of the stats' days parameter.
const (
	paramDays       = "days"
	defaultStatDays = 7
	maxStatDays     = 90
)

// webhookStats answers GET /api/admin/webhooks/{id}/stats: per UTC day, the last `days`
// (1..90, default 7) up to today, the subscription's attempts that succeeded and failed and
// their median duration.
func (a *API) webhookStats(e *core.RequestEvent) error {
	days, err := intParam(e.Request.URL.Query(), paramDays, defaultStatDays, 1, maxStatDays)
	if err != nil {
		return err
	}
	sub, err := subscriptions.Find(e.App, e.Request.PathValue("id"))
	if err != nil {
		return domainError(err)
	}
	stats, err := sender.AttemptStats(e.App, sub.Id, a.cfg.Now(), days)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": stats})
}
