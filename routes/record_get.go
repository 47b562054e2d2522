package routes

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// pathRecordID is the record id of a PATCH, DELETE or v2 GET path, whichever name it has.
func pathRecordID(e *core.RequestEvent) string {
	if id := e.Request.PathValue(params.ID); id != "" {
		return id
	}
	return e.Request.PathValue(params.IDOrSlug)
}

// findRecord loads r's record by id, any draft or visibility; 404 when there is none.
func findRecord(app core.App, r *resource, id string) (*core.Record, error) {
	rec, err := app.FindRecordById(r.collection, id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, apierr.NotFound()
	case err != nil:
		return nil, apierr.Internal(err)
	}
	return rec, nil
}

// publishedBySlugHandler answers GET /api/v1/{posts,projects}/{idOrSlug}: the published
// record with that slug as `{"data": record}`, a gated one cut for a reader without access
// (gate); drafts, scheduled and private records are 404.
func (a *API) publishedBySlugHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec := &core.Record{}
		q := andWhere(e.App.RecordQuery(r.collection), r.listedFilter(a.cfg.Now()), dbx.HashExp{"slug": e.Request.PathValue(params.IDOrSlug)})
		err := q.Limit(1).One(rec)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return apierr.NotFound()
		case err != nil:
			return apierr.Internal(err)
		}
		view := r.view(publicOrigin(e), rec, r.fullFields)
		r.gate(view, rec, requestAccess(e))
		return respond(e, http.StatusOK, map[string]any{"data": view})
	}
}

// recordHandler answers GET /api/v2/{posts,projects}/{id}: the record itself with its state
// (ownerView), whatever its draft and visibility; 404 for an unknown id.
func (a *API) recordHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := findRecord(e.App, r, pathRecordID(e))
		if err != nil {
			return err
		}
		return respond(e, http.StatusOK, r.ownerView(publicOrigin(e), rec, a.cfg.Now()))
	}
}
