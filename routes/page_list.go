package routes

import (
	"net/http"
	"net/url"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/params"
)

// pageListHandler answers a v2 page list of r (GET /api/v2/posts, projects, courses, talks,
// members): `page`, `per_page`, `sort`, `q` (full-text search; not on members), and for
// publishable resources the `draft`, `visibility`, `status` and `tag` filters; `{"items",
// "page", "per_page", "total_items", "total_pages"}`. Every record is visible, drafts,
// scheduled and non-public ones included, each with its state (ownerView). A page past the end is 200 with no items.
func (a *API) pageListHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		q := e.Request.URL.Query()
		page, err := intParam(q, params.Page, 1, 1, 0)
		if err != nil {
			return err
		}
		perPage, err := intParam(q, params.PerPage, defaultPerPage, 1, maxPerPage)
		if err != nil {
			return err
		}
		sort, err := sortParam(q, r.sorts)
		if err != nil {
			return err
		}
		now := a.cfg.Now()
		filter, err := r.v2Filter(q, now)
		if err != nil {
			return err
		}
		search, err := searchParam(q, r)
		if err != nil {
			return err
		}
		if search.runs() {
			defer a.search.take()()
		}
		where := []dbx.Expression{filter, search.filter(r.collection)}

		total, err := e.App.CountRecords(r.collection, where...)
		if err != nil {
			return apierr.Internal(err)
		}
		totalPages := (total + int64(perPage) - 1) / int64(perPage)
		var recs []*core.Record
		// Past the last page there is nothing to fetch (and page*per_page cannot overflow).
		if int64(page) <= totalPages {
			query := andWhere(e.App.RecordQuery(r.collection), where...).OrderBy(sort.orderBy()...).
				Limit(int64(perPage)).Offset(int64(page-1) * int64(perPage))
			if err := query.All(&recs); err != nil {
				return apierr.Internal(err)
			}
		}
		return respond(e, http.StatusOK, map[string]any{
			"items":       r.ownerViews(publicOrigin(e), recs, now),
			"page":        page,
			"per_page":    perPage,
			"total_items": total,
			"total_pages": totalPages,
		})
	}
}

// v2Filter is the condition of the `draft`, `visibility`, `status` and `tag` parameters at now
// (publishable resources only; elsewhere they are unknown parameters and ignored). nil means
// no condition.
func (r *resource) v2Filter(q url.Values, now time.Time) (dbx.Expression, error) {
	if !r.publishable {
		return nil, nil
	}
	draft, err := enumParam(q, params.Draft, []string{"true", "false"})
	if err != nil {
		return nil, err
	}
	visibility, err := enumParam(q, params.Visibility, vocab.Visibilities())
	if err != nil {
		return nil, err
	}
	status, err := enumParam(q, paramStatus, vocab.Statuses())
	if err != nil {
		return nil, err
	}
	tag, err := r.tagParam(q)
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
	var conds []dbx.Expression
	if len(cond) > 0 {
		conds = append(conds, cond)
	}
	for _, c := range []dbx.Expression{statusFilter(status, now), hasTag(tag)} {
		if c != nil {
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		return nil, nil // dbx would build an empty And as "()"
	}
	return dbx.And(conds...), nil
}

// paramStatus filters v2 lists of posts and projects by publication status (vocab.Status).
const paramStatus = "status"

// statusFilter is the condition of a `status` value at now (vocab.Status; the time by
// publishedBy); nil for none.
func statusFilter(status string, now time.Time) dbx.Expression {
	notDraft := dbx.NewExp(vocab.NotDraftSQL)
	switch status {
	case vocab.StatusPublished:
		return dbx.And(notDraft, publishedBy(now))
	case vocab.StatusScheduled:
		return dbx.And(notDraft, dbx.Not(publishedBy(now)))
	case vocab.StatusDraft:
		return dbx.Not(notDraft)
	}
	return nil
}
