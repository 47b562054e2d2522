package routes

import (
	"net/http"

	"github.com/creator-content-api/server/hooks/vocab"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// webhookRoutes are the webhook endpoints: the events list, polling and the event stream (v1), registration
// (v2, Moderate tier) and the owner's management of subscriptions and deliveries (admin,
// Moderate tier). Every one answers 503 not_provisioned on a site without the webhook
// collections.
func (a *API) webhookRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/api/v1/webhooks/events", Auth: AuthKey, Scope: keys.ScopeRead, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: provisioned(listEventTypes)},
		{Method: http.MethodGet, Path: "/api/v1/webhooks/poll/{event}", Auth: AuthKey, Scope: keys.ScopeRead, Tier: TierNormal, PollCap: true, Cache: CachePrivate, Handler: provisioned(a.pollEvents)},
		{Method: http.MethodGet, Path: "/api/v1/webhooks/stream", Auth: AuthKey, Scope: keys.ScopeRead, Tier: TierNormal, Cache: CacheNone, Handler: provisioned(a.streamEvents)},
		{Method: http.MethodPost, Path: "/api/v2/webhooks", Auth: AuthKey, Scope: keys.ScopeWriteWebhooks, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(subscribe)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.listSubscriptions)},
		{Method: http.MethodPost, Path: "/api/admin/webhooks", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(adminSubscribe)},
		{Method: http.MethodPatch, Path: "/api/admin/webhooks/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.updateSubscription)},
		{Method: http.MethodDelete, Path: "/api/admin/webhooks/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(deleteSubscription)},
		{Method: http.MethodPost, Path: "/api/admin/webhooks/{id}/test", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.testSubscription)},
		{Method: http.MethodPost, Path: "/api/admin/webhooks/{id}/recover", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.recoverSubscription)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/deliveries", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(listDeliveries)},
		{Method: http.MethodGet, Path: "/api/admin/webhooks/{id}/stats", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.webhookStats)},
		{Method: http.MethodPost, Path: "/api/admin/webhook-deliveries/{id}/redeliver", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: provisioned(a.redeliver)},
	}
}

// provisioned answers 503 not_provisioned instead of calling next when a webhook collection
// is missing.
func provisioned(next func(*core.RequestEvent) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if err := subscriptions.Provisioned(e.App); err != nil {
			return domainError(err)
		}
		return next(e)
	}
}

// listEventTypes answers GET /api/v1/webhooks/events: the nine event types.
func listEventTypes(e *core.RequestEvent) error {
	return respond(e, http.StatusOK, map[string]any{"data": vocab.EventTypes()})
}
