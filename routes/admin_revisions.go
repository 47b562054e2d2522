package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/routes/apierr"
)

// Error codes of the revisions.
const (
	codeRevisionExpired  = "revision_expired"
	codeRecordDeleted    = "record_deleted"
	codeRevisionMismatch = "revision_mismatch"
	codeSlugTaken        = "slug_taken"
)

// revisionRoutes are the owner's history of content records (hooks/revisions).
func (a *API) revisionRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/api/admin/revisions", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.listRevisions},
		{Method: http.MethodGet, Path: "/api/admin/revisions/{id}/diff", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.diffRevision},
		{Method: http.MethodPost, Path: "/api/admin/revisions/{id}/restore", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.restoreRevision},
	}
}

// listRevisions answers GET /api/admin/revisions?collection=posts&record=ID: the record's
// revisions within the retention, newest first (those of a deleted record too).
func (a *API) listRevisions(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	collection, ok := queryValue(q, "collection")
	if !ok {
		return apierr.InvalidParam("collection", "is required")
	}
	record, ok := queryValue(q, "record")
	if !ok {
		return apierr.InvalidParam("record", "is required")
	}
	if !revisions.IsContent(collection) {
		return apierr.InvalidParam("collection", "must be a content collection keeping revisions")
	}
	revs, err := a.cfg.Revisions.List(e.App, collection, record)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": revs})
}

// diffRevision answers GET /api/admin/revisions/{id}/diff: the revision against the current
// record, field by field.
func (a *API) diffRevision(e *core.RequestEvent) error {
	d, err := a.cfg.Revisions.Diff(e.App, e.Request.PathValue("id"))
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": d})
}

// restoreBody names, optionally, the record the owner means to restore: a revision of any
// other is refused, so a stale page cannot restore the wrong record.
type restoreBody struct {
	Collection string `json:"collection"`
	Record     string `json:"record"`
}

// restoreRevision answers POST /api/admin/revisions/{id}/restore: 200 with the restored
// record (its stored fields); the values it overwrote are a revision now.
func (a *API) restoreRevision(e *core.RequestEvent) error {
	var body restoreBody
	if e.Request.ContentLength != 0 {
		if err := decodeStrict(e, &body); err != nil {
			return err
		}
	}
	actor := revisions.Actor{Type: revisions.ActorOwner, Name: e.Auth.Email()}
	rec, err := a.cfg.Revisions.Restore(e.Request.Context(), e.App, e.Request.PathValue("id"),
		revisions.Target{Collection: body.Collection, Record: body.Record}, actor)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": map[string]any{
		"collection": rec.Collection().Name, "id": rec.Id, "fields": rec.PublicExport()}})
}
