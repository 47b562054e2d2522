package routes

import (
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
)

// analyticsDays is the length of the analytics period, today (UTC) included.
const analyticsDays = 30

// analyticsTop is how many pages and referrers the top lists show.
const analyticsTop = 10

// analyticsSections are the parts of the analytics body and the lowest plan that shows each
// (vocab.Plans() is ordered from the smallest plan up). A part above the site's plan is
// left out of the body, not sent as null.
var analyticsSections = []struct {
	name    string
	plan    string
	compute func(app core.App, p period) (any, error)
}{
	{"totals", "free", analyticsTotals},
	{"sales", "pro", analyticsSales},
	{"daily", "pro", analyticsDaily},
	{"top_pages", "business", topBy("path")},
	{"top_referrers", "business", topBy("referrer")},
}

// analyticsHandler answers GET /api/v2/analytics (read:analytics): the site's own numbers over
// the last 30 days, computed with SQL aggregates, with the parts its plan includes.
func (a *API) analyticsHandler(e *core.RequestEvent) error {
	body, err := a.analytics(e.App)
	if err != nil {
		return err
	}
	return respond(e, http.StatusOK, body)
}

// adminAnalyticsHandler answers GET /api/admin/analytics: the same numbers for the owner's
// console, which logs in as the owner and holds no API key, in the admin shape {"data": ...}.
func (a *API) adminAnalyticsHandler(e *core.RequestEvent) error {
	body, err := a.analytics(e.App)
	if err != nil {
		return err
	}
	return respond(e, http.StatusOK, map[string]any{"data": body})
}

// analytics computes the body of the analytics endpoints.
func (a *API) analytics(app core.App) (map[string]any, error) {
	plan, err := sitePlan(app)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	p := lastDays(a.cfg.Now(), analyticsDays)
	body := map[string]any{
		"plan":   plan,
		"period": map[string]string{"from": p.first.Format(time.DateOnly), "to": p.last.Format(time.DateOnly)},
	}
	rank := slices.Index(vocab.Plans(), plan)
	for _, s := range analyticsSections {
		if slices.Index(vocab.Plans(), s.plan) > rank {
			continue
		}
		v, err := s.compute(app, p)
		if err != nil {
			return nil, apierr.Internal(err)
		}
		body[s.name] = v
	}
	return body, nil
}

// sitePlan is the plan of the site_settings record (the oldest, should there be several);
// free when there is none or its value is unknown.
func sitePlan(app core.App) (string, error) {
	recs, err := app.FindRecordsByFilter(vocab.SiteSettings, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	if len(recs) > 0 && slices.Contains(vocab.Plans(), recs[0].GetString("plan")) {
		return recs[0].GetString("plan"), nil
	}
	return vocab.Plans()[0], nil
}

// period is a run of whole UTC days, first and last included.
type period struct {
	first, last time.Time
}

// lastDays is the n days that end with now's UTC day.
func lastDays(now time.Time, n int) period {
	y, m, d := now.UTC().Date()
	last := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return period{first: last.AddDate(0, 0, -(n - 1)), last: last}
}

// days lists the period's dates, oldest first.
func (p period) days() []string {
	var out []string
	for d := p.first; !d.After(p.last); d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format(time.DateOnly))
	}
	return out
}

// params bind the period's bounds as record timestamps, which compare as text in time order:
// {:from} inclusive, {:to} (the day after the last) exclusive.
func (p period) params() dbx.Params {
	return dbx.Params{
		"from": p.first.Format(types.DefaultDateLayout),
		"to":   p.last.AddDate(0, 0, 1).Format(types.DefaultDateLayout),
	}
}

// inPeriod is the WHERE of rows created in the period.
const inPeriod = "created >= {:from} AND created < {:to}"

func analyticsTotals(app core.App, p period) (any, error) {
	members, err := app.CountRecords(vocab.Members)
	if err != nil {
		return nil, err
	}
	subscribers, err := app.CountRecords(vocab.NewsletterSubscribers)
	if err != nil {
		return nil, err
	}
	views, err := app.CountRecords(vocab.PageViews, dbx.NewExp(inPeriod, p.params()))
	if err != nil {
		return nil, err
	}
	return map[string]int64{"members": members, "subscribers": subscribers, "page_views": views}, nil
}

// completedPurchase is the WHERE of completed purchases in the period.
const completedPurchase = "status = 'completed' AND " + inPeriod

func analyticsSales(app core.App, p period) (any, error) {
	purchases, err := app.CountRecords(vocab.Purchases, dbx.NewExp(completedPurchase, p.params()))
	if err != nil {
		return nil, err
	}
	enrollments, err := app.CountRecords(vocab.Enrollments, dbx.NewExp(inPeriod, p.params()))
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Currency string  `db:"currency"`
		Amount   float64 `db:"amount"`
	}
	err = app.DB().NewQuery("SELECT currency, SUM(amount) AS amount FROM " + vocab.Purchases +
		" WHERE " + completedPurchase + " GROUP BY currency ORDER BY currency").Bind(p.params()).All(&rows)
	if err != nil {
		return nil, err
	}
	revenue := make([]map[string]any, 0, len(rows))
	for _, r := range rows {
		revenue = append(revenue, map[string]any{"currency": r.Currency, "amount": int64(r.Amount)})
	}
	return map[string]any{"purchases": purchases, "enrollments": enrollments, "revenue": revenue}, nil
}

func analyticsDaily(app core.App, p period) (any, error) {
	views, err := countByDay(app, vocab.PageViews, p)
	if err != nil {
		return nil, err
	}
	members, err := countByDay(app, vocab.Members, p)
	if err != nil {
		return nil, err
	}
	subscribers, err := countByDay(app, vocab.NewsletterSubscribers, p)
	if err != nil {
		return nil, err
	}
	days := p.days()
	out := make([]map[string]any, 0, len(days))
	for _, d := range days {
		out = append(out, map[string]any{
			"date": d, "page_views": views[d], "new_members": members[d], "new_subscribers": subscribers[d],
		})
	}
	return out, nil
}

// countByDay counts the rows of table created on each day of the period.
func countByDay(app core.App, table string, p period) (map[string]int64, error) {
	var rows []struct {
		Day string `db:"day"`
		N   int64  `db:"n"`
	}
	err := app.DB().NewQuery("SELECT substr(created, 1, 10) AS day, COUNT(*) AS n FROM " + table +
		" WHERE " + inPeriod + " GROUP BY day").Bind(p.params()).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.Day] = r.N
	}
	return out, nil
}

// topBy returns the section of the most viewed values of a page_views column in the period
// (`[{"<column>": value, "views": n}]`, most views first, ties by value); empty values (no
// referrer) are left out.
func topBy(column string) func(core.App, period) (any, error) {
	return func(app core.App, p period) (any, error) {
		var rows []struct {
			Value string `db:"value"`
			Views int64  `db:"views"`
		}
		params := p.params()
		params["top"] = analyticsTop
		// column is one of the constants above, never client text.
		err := app.DB().NewQuery("SELECT " + column + " AS value, COUNT(*) AS views FROM " + vocab.PageViews +
			" WHERE " + inPeriod + " AND " + column + " != '' GROUP BY " + column +
			" ORDER BY views DESC, value ASC LIMIT {:top}").Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		out := make([]map[string]any, 0, len(rows))
		for _, r := range rows {
			out = append(out, map[string]any{column: r.Value, "views": r.Views})
		}
		return out, nil
	}
}
