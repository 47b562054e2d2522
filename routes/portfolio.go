package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
)

// simpleListHandler answers a portfolio list (GET /api/v1/experience, education, skills,
// certifications): every entry, no paging, ordered as the owner arranged them (sort_order,
// then created, then id so that ties have one order); `{"data": [...]}`.
func simpleListHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var recs []*core.Record
		err := e.App.RecordQuery(r.collection).OrderBy("sort_order ASC", "created ASC", "id ASC").All(&recs)
		if err != nil {
			return apierr.Internal(err)
		}
		return respond(e, http.StatusOK, map[string]any{"data": r.gatedViews(publicOrigin(e), recs, r.fullFields, vocab.AccessPublic)})
	}
}
