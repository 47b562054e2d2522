package routes

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/cursor"
	"github.com/creator-content-api/server/routes/params"
)

// cursorListHandler answers a v1 cursor list of r (GET /api/v1/posts, projects, courses,
// talks): `limit`, `sort`, `cursor` and `q` (full-text search), and `tag` for posts and
// projects; `{"data", "total", "page", "per_page", "next_cursor"?}`.
//
// Paging is by keyset on (sort value, id), never by offset: the next page starts strictly
// after the last row shown, so rows that share a sort value are neither repeated nor skipped,
// and rows inserted or deleted between pages do not shift the ones that stay. The cursor
// carries the last row's sort value and id and the next page's number, signed and bound to
// this list (with its tag and search) and sort.
func (a *API) cursorListHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		q := e.Request.URL.Query()
		limit, err := intParam(q, params.Limit, defaultLimit, 1, maxLimit)
		if err != nil {
			return err
		}
		sort, err := sortParam(q, r.sorts)
		if err != nil {
			return err
		}
		tag, err := r.tagParam(q)
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
		acc := requestAccess(e)
		where := []dbx.Expression{r.listedFilter(a.cfg.Now()), hasTag(tag), search.filter(r.collection)}
		if search.runs() {
			where = append(where, r.readableFilter(acc))
		}
		list := search.cursorList(r.cursorList(tag))
		page := 1
		var after *cursor.Position
		if s, ok := queryValue(q, params.Cursor); ok {
			p, err := a.cursors.Decode(s, list, sort.Name)
			if err != nil {
				bad := apierr.InvalidParam(params.Cursor, "not a next_cursor of this list and sort; start again without it")
				bad.Cause = err
				return bad
			}
			after, page = &p, p.Page
		}

		total, err := e.App.CountRecords(r.collection, where...)
		if err != nil {
			return apierr.Internal(err)
		}
		recs, err := keysetPage(e.App, r, where, sort, after, limit+1)
		if err != nil {
			return apierr.Internal(err)
		}
		body := map[string]any{"total": total, "page": page, "per_page": limit}
		if len(recs) > limit {
			recs = recs[:limit]
			last := recs[limit-1]
			body["next_cursor"] = a.cursors.Encode(cursor.Position{
				List: list, Sort: sort.Name, Value: sortValue(last, sort.Column), ID: last.Id, Page: page + 1,
			})
		}
		body["data"] = r.gatedViews(publicOrigin(e), recs, r.listFields, acc)
		return respond(e, http.StatusOK, body)
	}
}

// keysetQuery selects r's rows matching where in sort order, starting strictly after the
// position (nil: from the first row), at most n of them.
func keysetQuery(app core.App, r *resource, where []dbx.Expression, sort listSort, after *cursor.Position, n int) *dbx.SelectQuery {
	q := andWhere(app.RecordQuery(r.collection), where...).OrderBy(sort.orderBy()...).Limit(int64(n))
	if after != nil {
		op := ">"
		if sort.Desc {
			op = "<"
		}
		// sort.Column is one of r.sorts, never client text.
		q.AndWhere(dbx.NewExp(fmt.Sprintf("(%s, id) %s ({:v}, {:id})", sort.Column, op),
			dbx.Params{"v": after.Value, "id": after.ID}))
	}
	return q
}

func keysetPage(app core.App, r *resource, where []dbx.Expression, sort listSort, after *cursor.Position, n int) ([]*core.Record, error) {
	var recs []*core.Record
	err := keysetQuery(app, r, where, sort, after, n).All(&recs)
	return recs, err
}

// sortValue is rec's value in column as the database compares it: dates in the record layout
// PocketBase stores (lexical order is chronological), text as it is.
func sortValue(rec *core.Record, column string) string {
	switch rec.Collection().Fields.GetByName(column).(type) {
	case *core.AutodateField, *core.DateField:
		return rec.GetDateTime(column).String()
	}
	return rec.GetString(column)
}
