package routes_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// seedAnalytics fills the collections analytics reads. The harness clock stands at
// 2026-11-21 12:00 UTC, so the period is 2026-10-23 to 2026-11-21; rows just outside it
// (the day before, and the day after) must not count.
func seedAnalytics(t *testing.T, h *apitest.Harness) {
	t.Helper()
	for i, created := range []string{"2026-11-21 08:00:00.000Z", "2026-11-20 10:00:00.000Z", "2026-09-01 10:00:00.000Z"} {
		h.SaveRecord(vocab.Members, map[string]any{
			"email": fmt.Sprintf("m%d@example.com", i), "password": "a long member password", "created": mustTime(created),
		})
	}
	for i, created := range []string{"2026-11-21 09:00:00.000Z", "2026-10-23 00:00:00.000Z", "2026-10-22 23:59:59.999Z"} {
		h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": fmt.Sprintf("s%d@example.com", i), "created": mustTime(created)})
	}
	type pageViews struct {
		path, referrer, created string
		n                       int
	}
	views := []pageViews{
		{"/", "https://news.example", "2026-11-21 11:00:00.000Z", 3},
		{"/blog/a", "", "2026-11-20 10:00:00.000Z", 2},
		{"/blog/b", "https://search.example", "2026-10-23 00:00:00.000Z", 1},
		{"/old", "https://old.example", "2026-10-22 23:59:59.999Z", 1},
		{"/future", "https://future.example", "2026-11-22 00:00:00.000Z", 1},
	}
	for i := 1; i <= 11; i++ {
		views = append(views, pageViews{fmt.Sprintf("/p/%d", i), "", "2026-11-01 12:00:00.000Z", 1})
	}
	for _, v := range views {
		for range v.n {
			h.SaveRecord(vocab.PageViews, map[string]any{"path": v.path, "referrer": v.referrer, "created": mustTime(v.created)})
		}
	}
	for _, p := range []struct {
		status, currency, created string
		amount                    int
	}{
		{"completed", "usd", "2026-11-20 10:00:00.000Z", 4900},
		{"completed", "usd", "2026-11-01 10:00:00.000Z", 100},
		{"completed", "eur", "2026-11-10 10:00:00.000Z", 2500},
		{"pending", "usd", "2026-11-20 10:00:00.000Z", 999},
		{"refunded", "usd", "2026-11-15 10:00:00.000Z", 5000},
		{"completed", "usd", "2026-10-01 10:00:00.000Z", 7000},
	} {
		h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "b@example.com", "content_type": "product",
			"status": p.status, "currency": p.currency, "amount": p.amount, "created": mustTime(p.created)})
	}
	course := h.SaveRecord(vocab.Courses, map[string]any{"title": "Course", "currency": "usd"})
	for _, created := range []string{"2026-11-19 10:00:00.000Z", "2026-09-01 10:00:00.000Z"} {
		h.SaveRecord(vocab.Enrollments, map[string]any{"course": course.Id, "buyer_email": "b@example.com", "created": mustTime(created)})
	}
}

// setPlan sets the plan on the site_settings record.
func setPlan(t testing.TB, h *apitest.Harness, plan string) {
	t.Helper()
	recs, err := h.App.FindAllRecords(vocab.SiteSettings)
	if err != nil || len(recs) != 1 {
		t.Fatalf("site settings: %v, %d records", err, len(recs))
	}
	recs[0].Set("plan", plan)
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
}

func TestAnalyticsByPlan(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeReadAnalytics)
	seedAnalytics(t, h)

	var daily []any
	perDay := map[string][3]int{ // page views, new members, new subscribers
		"2026-11-21": {3, 1, 1}, "2026-11-20": {2, 1, 0}, "2026-11-01": {11, 0, 0}, "2026-10-23": {1, 0, 1},
	}
	for d := time.Date(2026, 10, 23, 0, 0, 0, 0, time.UTC); !d.After(apitest.Epoch); d = d.AddDate(0, 0, 1) {
		day := d.Format(time.DateOnly)
		n := perDay[day]
		daily = append(daily, map[string]any{"date": day, "page_views": n[0], "new_members": n[1], "new_subscribers": n[2]})
	}
	topPages := []any{
		map[string]any{"path": "/", "views": 3},
		map[string]any{"path": "/blog/a", "views": 2},
	}
	for _, p := range []string{"/blog/b", "/p/1", "/p/10", "/p/11", "/p/2", "/p/3", "/p/4", "/p/5"} {
		topPages = append(topPages, map[string]any{"path": p, "views": 1})
	}
	free := map[string]any{
		"period": map[string]any{"from": "2026-10-23", "to": "2026-11-21"},
		"totals": map[string]any{"members": 3, "subscribers": 3, "page_views": 17},
	}
	pro := merge(free, map[string]any{
		"sales": map[string]any{"purchases": 3, "enrollments": 1, "revenue": []any{
			map[string]any{"currency": "eur", "amount": 2500},
			map[string]any{"currency": "usd", "amount": 5000},
		}},
		"daily": daily,
	})
	business := merge(pro, map[string]any{
		"top_pages": topPages,
		"top_referrers": []any{
			map[string]any{"referrer": "https://news.example", "views": 3},
			map[string]any{"referrer": "https://search.example", "views": 1},
		},
	})
	for _, c := range []struct {
		plan string
		want map[string]any
	}{{"free", free}, {"pro", pro}, {"business", business}} {
		want := maps.Clone(c.want)
		want["plan"] = c.plan
		// Every key of the body is one of want's, each with want's value.
		apitest.Scenario{Name: c.plan, Path: "/api/v2/analytics", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
			ExpectedJSON: want, After: keysAt("", strings.Join(slices.Sorted(maps.Keys(want)), ",")),
			Before: func(t testing.TB, h *apitest.Harness) { setPlan(t, h, c.plan) }}.Test(t, h)
	}

	// The period moves with the clock: a day later, the first day's rows are out.
	h.Clock.Advance(24 * time.Hour)
	apitest.Scenario{Name: "a day later", Path: "/api/v2/analytics", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"period.from": "2026-10-24", "totals.page_views": 17},
		Before:       func(t testing.TB, h *apitest.Harness) { setPlan(t, h, "free") }}.Test(t, h)
}

// merge is a copy of a with the keys of b set.
func merge(a, b map[string]any) map[string]any {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}
