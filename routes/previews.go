package routes

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
)

// previewRoutes are the owner's preview links and the read a site makes with one. The read
// is never stored: not in the read cache (no Memory), not by a CDN or browser (CacheUnshared).
func (a *API) previewRoutes() []Route {
	return []Route{
		{Method: http.MethodPost, Path: "/api/admin/previews", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.createPreview},
		{Method: http.MethodGet, Path: "/api/admin/previews", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.listPreviews},
		{Method: http.MethodDelete, Path: "/api/admin/previews", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.revokeAllPreviews},
		{Method: http.MethodDelete, Path: "/api/admin/previews/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.revokePreview},
		{Method: http.MethodGet, Path: "/api/v1/previews/{token}", Auth: AuthKey, Scope: keys.ScopeRead, Tier: TierNormal, Cache: CacheUnshared, Handler: a.readPreview},
	}
}

// previewResources are the resources a preview link may name: those v1 serves one by one.
var previewResources = map[string]*resource{}

func init() {
	for _, r := range []*resource{postsResource, projectsResource, coursesResource, talksResource,
		experienceResource, educationResource, skillsResource, certificationsResource} {
		previewResources[r.collection] = r
	}
}

// previewBody is the owner's request for a link; ExpiresIn is in seconds.
type previewBody struct {
	Collection string       `json:"collection"`
	ID         string       `json:"id"`
	ExpiresIn  *json.Number `json:"expires_in"`
}

// createPreview answers POST /api/admin/previews: 201 with the link and its token, shown once.
func (a *API) createPreview(e *core.RequestEvent) error {
	var b previewBody
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	if previewResources[b.Collection] == nil {
		return apierr.InvalidField("collection", "must be one of posts, projects, courses, talks, experience, education, skills, certifications")
	}
	if b.ID == "" {
		return apierr.InvalidField("id", "is required")
	}
	var ttl time.Duration
	if b.ExpiresIn != nil {
		max := int64(a.cfg.Previews.MaxTTL() / time.Second)
		n, err := b.ExpiresIn.Int64()
		if err != nil || n < 1 || n > max {
			return apierr.InvalidField("expires_in", "must be a whole number of seconds from 1 to "+strconv.FormatInt(max, 10))
		}
		ttl = time.Duration(n) * time.Second
	}
	link, err := a.cfg.Previews.Create(e.App, b.Collection, b.ID, ttl)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusCreated, map[string]any{"data": link})
}

// listPreviews answers GET /api/admin/previews: the live links, newest first, without tokens.
func (a *API) listPreviews(e *core.RequestEvent) error {
	links, err := a.cfg.Previews.List(e.App)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": links})
}

// revokePreview answers DELETE /api/admin/previews/{id}: 204, and the token stops working.
func (a *API) revokePreview(e *core.RequestEvent) error {
	if err := a.cfg.Previews.Revoke(e.App, e.Request.PathValue("id")); err != nil {
		return domainError(err)
	}
	return noContent(e)
}

// revokeAllPreviews answers DELETE /api/admin/previews: 204, and no token works any longer.
func (a *API) revokeAllPreviews(e *core.RequestEvent) error {
	if _, err := a.cfg.Previews.RevokeAll(e.App); err != nil {
		return domainError(err)
	}
	return noContent(e)
}

// readPreview answers GET /api/v1/previews/{token}: the record the link names as v1 shows one
// record, whatever its draft, visibility or publication time. An unknown, expired, revoked
// or altered token and a deleted record are all the same 404.
func (a *API) readPreview(e *core.RequestEvent) error {
	collection, id, err := a.cfg.Previews.Resolve(e.App, e.Request.PathValue("token"))
	if err != nil {
		return domainError(err)
	}
	r := previewResources[collection]
	if r == nil {
		return apierr.NotFound()
	}
	rec, err := findRecord(e.App, r, id)
	if err != nil {
		return err
	}
	return respond(e, http.StatusOK, map[string]any{"data": r.view(publicOrigin(e), rec, r.fullFields)})
}
