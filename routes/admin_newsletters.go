package routes

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// Error codes of the newsletter's sends.
const (
	codePostNotPublic     = "post_not_public"
	codePostNotPublished  = "post_not_published"
	codePostOnSite        = "post_on_site"
	codeAlreadySent       = "already_sent"
	codeMailNotConfigured = "mail_not_configured"
	codeSendStateConflict = "send_state_conflict"
	codeNoSignInLink      = "no_sign_in_link"
)

// newsletterSend is the body of POST /api/admin/newsletters.
type newsletterSend struct {
	Post      string `json:"post"`
	EmailOnly bool   `json:"email_only"`
	Resend    bool   `json:"resend"`
	Audience  string `json:"audience"`
}

// newsletterSendRoutes are the owner's newsletter sends (hooks/newsletter/sends).
func (a *API) newsletterSendRoutes() []Route {
	if a.cfg.Newsletter == nil {
		return nil
	}
	const base = "/api/admin/newsletters"
	return []Route{
		{Method: http.MethodGet, Path: base, Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.listNewsletters},
		{Method: http.MethodGet, Path: base + "/dkim", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.newsletterDKIM},
		{Method: http.MethodPost, Path: base, Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.sendNewsletter},
		{Method: http.MethodGet, Path: base + "/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.newsletterStatus},
		{Method: http.MethodPost, Path: base + "/{id}/pause", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.steerNewsletter((*sends.Service).Pause)},
		{Method: http.MethodPost, Path: base + "/{id}/resume", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.steerNewsletter((*sends.Service).Resume)},
		{Method: http.MethodPost, Path: base + "/{id}/cancel", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.steerNewsletter((*sends.Service).Cancel)},
	}
}

// sendNewsletter answers POST /api/admin/newsletters: 202 with the queued send; it goes out in
// the background (GET .../{id} follows it).
func (a *API) sendNewsletter(e *core.RequestEvent) error {
	var b newsletterSend
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	if strings.TrimSpace(b.Post) == "" {
		return apierr.InvalidField("post", "is required: the id of the post to mail")
	}
	send, err := a.cfg.Newsletter.Queue(b.Post, sends.Options{EmailOnly: b.EmailOnly, Resend: b.Resend, Audience: b.Audience})
	if err != nil {
		return domainError(err)
	}
	c, err := a.cfg.Newsletter.Status(send.Id)
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusAccepted, map[string]any{"data": c})
}

// Bounds of the sends list's limit.
const (
	defaultSendsLimit = 20
	maxSendsLimit     = 100
)

// listNewsletters answers GET /api/admin/newsletters: the latest sends with their state and
// counts, newest first (`limit` 1..100, default 20).
func (a *API) listNewsletters(e *core.RequestEvent) error {
	limit, err := intParam(e.Request.URL.Query(), params.Limit, defaultSendsLimit, 1, maxSendsLimit)
	if err != nil {
		return err
	}
	list, err := a.cfg.Newsletter.List(limit)
	if err != nil {
		return apierr.Internal(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": list})
}

// newsletterDKIM answers GET /api/admin/newsletters/dkim: the DNS TXT record to publish for the
// newsletter's DKIM signatures (the key is made at first use), or 409 mail_not_configured
// without a sender address.
func (a *API) newsletterDKIM(e *core.RequestEvent) error {
	p, err := a.cfg.Newsletter.DKIMPublication()
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": p})
}

// newsletterStatus answers GET /api/admin/newsletters/{id}: the send's state and counts.
func (a *API) newsletterStatus(e *core.RequestEvent) error {
	c, err := a.cfg.Newsletter.Status(e.Request.PathValue("id"))
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": c})
}

// steerNewsletter answers POST /api/admin/newsletters/{id}/pause, /resume and /cancel: 200 with
// the send, or 409 when its state does not allow the step.
func (a *API) steerNewsletter(step func(*sends.Service, string) (sends.Counts, error)) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		c, err := step(a.cfg.Newsletter, e.Request.PathValue("id"))
		if err != nil {
			return domainError(err)
		}
		return writeJSON(e, http.StatusOK, map[string]any{"data": c})
	}
}
