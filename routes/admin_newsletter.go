package routes

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/cursor"
	"github.com/creator-content-api/server/routes/params"
)

// subscriberList names the owner's subscriber list in its cursors; the sort is fixed.
const subscriberList, subscriberSort = "admin:newsletter_subscribers", "-created"

// listSubscribers answers GET /api/admin/newsletter/subscribers: a page of subscribers,
// newest first, optionally of one status, with the counts per status of the whole list.
func (a *API) listSubscribers(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	limit, err := intParam(q, params.Limit, defaultLimit, 1, maxLimit)
	if err != nil {
		return err
	}
	status, _ := queryValue(q, "status")
	list := subscriberList + ":" + status
	var page newsletter.Page
	n := 1
	if s, ok := queryValue(q, params.Cursor); ok {
		pos, err := a.cursors.Decode(s, list, subscriberSort)
		if err != nil {
			return apierr.InvalidParam(params.Cursor, "not a next_cursor of this list; start again without it")
		}
		page, n = newsletter.Page{Created: pos.Value, ID: pos.ID}, pos.Page
	}
	subs, err := a.newsletter.List(status, page, limit)
	if err != nil {
		return domainError(err)
	}
	counts, err := a.newsletter.Count()
	if err != nil {
		return domainError(err)
	}
	var next any
	if len(subs) == limit {
		last := subs[len(subs)-1]
		next = a.cursors.Encode(cursor.Position{List: list, Sort: subscriberSort, Value: last.Created, ID: last.ID, Page: n + 1})
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": subs, "counts": counts, "next_cursor": next})
}

// importBody is an import: the CSV file's text, and whether its addresses consented elsewhere.
type importBody struct {
	CSV       string `json:"csv"`
	Consented bool   `json:"consented"`
}

// importSubscribers answers POST /api/admin/newsletter/subscribers/import: 200 with what the
// import did.
func (a *API) importSubscribers(e *core.RequestEvent) error {
	var b importBody
	if err := decodeStrict(e, &b); err != nil {
		return err
	}
	res, err := a.newsletter.Import(e.Request.Context(), strings.NewReader(b.CSV), b.Consented)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": res})
}

// exportSubscribers answers GET /api/admin/newsletter/subscribers/export: every subscriber as
// a CSV download.
func (a *API) exportSubscribers(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="subscribers-%s.csv"`, a.cfg.Now().UTC().Format("2006-01-02")))
	e.Response.WriteHeader(http.StatusOK)
	if err := a.newsletter.Export(e.Response); err != nil {
		e.App.Logger().Error("newsletter: export", "error", err) // the status is sent: the file ends short
	}
	return nil
}
