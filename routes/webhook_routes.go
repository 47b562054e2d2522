package routes

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/apikey"
)

// webhookRoutes are the webhook endpoints: the events list and polling (v1), registration
// (v2, Moderate tier) and the owner's management of subscriptions and deliveries (admin,
// Moderate tier). Every one answers 503 not_provisioned on a site without the webhook
// collections.
func (a *API) webhookRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/api/v1/webhooks/events", Scope: apikey.ScopeRead, cache: cachePublic, handler: provisioned(listEventTypes)},
		{Method: http.MethodGet, Path: "/api/v1/webhooks/poll/{event}", Scope: apikey.ScopeRead, pollCap: true, cache: cachePrivate, handler: provisioned(a.pollEvents)},
		{Method: http.MethodPost, Path: "/api/v2/webhooks", Scope: apikey.ScopeWriteWebhooks, tier: moderateTier, handler: provisioned(subscribe)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks", handler: provisioned(listSubscriptions)},
		{Method: http.MethodPost, Path: "/api/admin/webhooks", handler: provisioned(adminSubscribe)},
		{Method: http.MethodPatch, Path: "/api/admin/webhooks/{id}", handler: provisioned(updateSubscription)},
		{Method: http.MethodDelete, Path: "/api/admin/webhooks/{id}", handler: provisioned(deleteSubscription)},
		{Method: http.MethodPost, Path: "/api/admin/webhooks/{id}/test", handler: provisioned(a.testSubscription)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/deliveries", handler: provisioned(listDeliveries)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/stats", handler: provisioned(a.webhookStats)},
		{Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/{id}/redeliver", handler: provisioned(a.redeliver)},
	}
}

// provisioned answers 503 not_provisioned instead of calling next when a webhook collection
// is missing.
func provisioned(next func(*core.RequestEvent) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if err := hooks.Provisioned(e.App); err != nil {
			return apierr.NotProvisioned(err)
		}
		return next(e)
	}
}

// listEventTypes answers GET /api/v1/webhooks/events: the nine event types.
func listEventTypes(e *core.RequestEvent) error {
	return respond(e, http.StatusOK, map[string]any{"data": hooks.EventTypes()})
}

// errWebhooksNotWired is the cause of a 500 when routes.Config.Webhooks was not set.
var errWebhooksNotWired = errors.New("routes.Config.Webhooks is not set")

// webhookError turns the hooks' sentinel errors into responses.
func webhookError(err error) error {
	switch {
	case errors.Is(err, hooks.ErrNotProvisioned):
		return apierr.NotProvisioned(err)
	case errors.Is(err, hooks.ErrSubscriptionNotFound), errors.Is(err, hooks.ErrDeliveryNotFound):
		return apierr.NotFound()
	case errors.Is(err, hooks.ErrSubscriptionDisabled):
		return apierr.InvalidRequest("the delivery's subscription is switched off: re-enable it first")
	}
	return apierr.Internal(err)
}
