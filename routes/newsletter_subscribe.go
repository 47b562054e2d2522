package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/newsletter"
)

// newsletterRoutes are the newsletter's: a site subscribes a reader (subscribe scope, a
// browser key's natural use), the owner lists, imports and exports the subscribers.
func (a *API) newsletterRoutes() []Route {
	return []Route{
		{Method: http.MethodPost, Path: "/api/v1/newsletter/subscribers", Auth: AuthKey, Scope: keys.ScopeSubscribe, Tier: TierNormal, Cache: CacheNone, Handler: a.subscribeToNewsletter},
		{Method: http.MethodGet, Path: "/api/admin/newsletter/subscribers", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.listSubscribers},
		{Method: http.MethodPost, Path: "/api/admin/newsletter/subscribers/import", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.importSubscribers},
		{Method: http.MethodGet, Path: "/api/admin/newsletter/subscribers/export", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.exportSubscribers},
	}
}

// newsletterSubscribeBody is a subscribe request.
type newsletterSubscribeBody struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// subscribeToNewsletter answers POST /api/v1/newsletter/subscribers: 202 with the same body whatever
// the address's state (new, pending, confirmed, unsubscribed, bounced), so that nobody learns
// who subscribes; the confirmation e-mail, if any, goes out in the background.
func (a *API) subscribeToNewsletter(e *core.RequestEvent) error {
	var b newsletterSubscribeBody
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	if err := a.newsletter.Subscribe(b.Email, b.Name, publicOrigin(e)); err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusAccepted, map[string]any{"data": map[string]any{"status": "accepted",
		"message": "if this address can subscribe, a confirmation e-mail is on its way"}})
}

// Newsletter is the newsletter's service, whose Wait the tests call before reading the mail.
func (a *API) Newsletter() *newsletter.Service { return a.newsletter }
