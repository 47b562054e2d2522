package routes

import (
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// Writes save with e.App.Save and delete with e.App.Delete, so the model hooks (slugs, webhook
// events, revisions) run exactly as for the dashboard's edits, and PocketBase validates every
// value. They pass the request's context, which names the key for the revisions.

// createHandler answers POST /api/v1/<collection>: 201 and `{"data": record}`.
func createHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		body, err := readJSONObject(e)
		if err != nil {
			return err
		}
		col, err := e.App.FindCachedCollectionByNameOrId(r.collection)
		if err != nil {
			return apierr.Internal(err)
		}
		return saveBody(e, r, core.NewRecord(col), body, http.StatusCreated)
	}
}

// updateHandler answers PATCH /api/v1/<collection>/{id}: the body's fields change, the others
// stay; 200 and `{"data": record}`, 404 for an unknown id (drafts are found like any record).
func updateHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		body, err := readJSONObject(e)
		if err != nil {
			return err
		}
		rec, err := findRecord(e.App, r, pathRecordID(e))
		if err != nil {
			return err
		}
		return saveBody(e, r, rec, body, http.StatusOK)
	}
}

// deleteHandler answers DELETE /api/v1/<collection>/{id}: 204, 404 for an unknown id, 409
// while other records need it (a course with enrollments).
func deleteHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := findRecord(e.App, r, pathRecordID(e))
		if err != nil {
			return err
		}
		if err := checkNotRequired(e.App, rec); err != nil {
			return err
		}
		if err := e.App.DeleteWithContext(e.Request.Context(), rec); err != nil {
			return apierr.Internal(err)
		}
		return noContent(e)
	}
}

// saveBody sets the body's fields on rec, saves it, and answers status with `{"data": record}`.
func saveBody(e *core.RequestEvent, r *resource, rec *core.Record, body map[string]json.RawMessage, status int) error {
	if err := applyBody(rec, r, body); err != nil {
		return err
	}
	if err := e.App.SaveWithContext(e.Request.Context(), rec); err != nil {
		return domainError(err)
	}
	return respond(e, status, map[string]any{"data": r.view(publicOrigin(e), rec, r.fullFields)})
}
