package routes

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/cursor"
)

// cursorListHandler answers a v1 cursor list of r (GET /api/v1/posts, projects, courses,
// talks): `limit`, `sort` and `cursor`; `{"data", "total", "page", "per_page", "next_cursor"?}`.
//
// Paging is by keyset on (sort value, id), never by offset: the next page starts strictly
// after the last row shown, so rows that share a sort value are neither repeated nor skipped,
// and rows inserted or deleted between pages do not shift the ones that stay. The cursor
// carries the last row's sort value and id and the next page's number, signed and bound to
// this list and sort.
func (a *API) cursorListHandler(r *resource) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		q := e.Request.URL.Query()
		limit, err := intParam(q, paramLimit, defaultLimit, 1, maxLimit)
		if err != nil {
			return err
		}
		sort, err := sortParam(q, r.sorts)
		if err != nil {
			return err
		}
		page := 1
		var after *cursor.Position
		if s, ok := queryValue(q, paramCursor); ok {
			p, err := a.cursors.Decode(s, r.cursorList(), sort.Name)
			if err != nil {
				bad := apierr.InvalidParam(paramCursor, "not a next_cursor of this list and sort; start again without it")
				bad.Cause = err
				return bad
			}
			after, page = &p, p.Page
		}

		total, err := e.App.CountRecords(r.collection, r.v1Filter())
		if err != nil {
			return apierr.Internal(err)
		}
		recs, err := keysetPage(e.App, r, sort, after, limit+1)
		if err != nil {
			return apierr.Internal(err)
		}
		body := map[string]any{"total": total, "page": page, "per_page": limit}
		if len(recs) > limit {
			recs = recs[:limit]
			last := recs[limit-1]
			body["next_cursor"] = a.cursors.Encode(cursor.Position{
				List: r.cursorList(), Sort: sort.Name, Value: sortValue(last, sort.Column), ID: last.Id, Page: page + 1,
			})
		}
		body["data"] = r.views(e.App, recs, r.listFields)
		return respond(e, http.StatusOK, body)
	}
}

// keysetQuery selects r's v1 rows in sort order, starting strictly after the position (nil:
// from the first row), at most n of them.
func keysetQuery(app core.App, r *resource, sort listSort, after *cursor.Position, n int) *dbx.SelectQuery {
	q := andWhere(app.RecordQuery(r.collection), r.v1Filter()).OrderBy(sort.orderBy()...).Limit(int64(n))
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

func keysetPage(app core.App, r *resource, sort listSort, after *cursor.Position, n int) ([]*core.Record, error) {
	var recs []*core.Record
	err := keysetQuery(app, r, sort, after, n).All(&recs)
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
