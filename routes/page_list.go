package routes

import (
	"net/http"
	"net/url"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/apierr"
)

// pageListHandler answers a v2 page list of r (GET /api/v2/posts, projects, courses, talks,
// members): `page`, `per_page`, `sort`, and for publishable resources the `draft` and
// `visibility` filters; `{"items", "page", "per_page", "total_items", "total_pages"}`. Every
// record is visible, drafts and non-public ones included. A page past the end is 200 with no
// items.
func pageListHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		q := e.Request.URL.Query()
		page, err := intParam(q, paramPage, 1, 1, 0)
		if err != nil {
			return err
		}
		perPage, err := intParam(q, paramPerPage, defaultPerPage, 1, maxPerPage)
		if err != nil {
			return err
		}
		sort, err := sortParam(q, r.sorts)
		if err != nil {
			return err
		}
		filter, err := r.v2Filter(q)
		if err != nil {
			return err
		}

		total, err := e.App.CountRecords(r.collection, filter)
		if err != nil {
			return apierr.Internal(err)
		}
		totalPages := (total + int64(perPage) - 1) / int64(perPage)
		var recs []*core.Record
		// Past the last page there is nothing to fetch (and page*per_page cannot overflow).
		if int64(page) <= totalPages {
			query := andWhere(e.App.RecordQuery(r.collection), filter).OrderBy(sort.orderBy()...).
				Limit(int64(perPage)).Offset(int64(page-1) * int64(perPage))
			if err := query.All(&recs); err != nil {
				return apierr.Internal(err)
			}
		}
		return respond(e, http.StatusOK, map[string]any{
			"items":       r.views(e.App, recs, r.fullFields),
			"page":        page,
			"per_page":    perPage,
			"total_items": total,
			"total_pages": totalPages,
		})
	}
}

// v2Filter is the condition of the `draft` and `visibility` parameters (publishable resources
// only; elsewhere they are unknown parameters and ignored). nil means no condition.
func (r *resource) v2Filter(q url.Values) (dbx.Expression, error) {
	if !r.publishable {
		return nil, nil
	}
	draft, err := enumParam(q, paramDraft, []string{"true", "false"})
	if err != nil {
		return nil, err
	}
	visibility, err := enumParam(q, paramVisibility, pb_migrations.Visibilities)
	if err != nil {
		return nil, err
	}
	cond := dbx.HashExp{}
	if draft != "" {
		cond["draft"] = draft == "true"
	}
	if visibility != "" {
		cond["visibility"] = visibility
	}
	if len(cond) == 0 {
		return nil, nil
	}
	return cond, nil
}
