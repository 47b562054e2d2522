package routes

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	_ "github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/cursor"
)

// TestKeysetQueriesUseIndexes checks the plans of the v1 list queries: every sort reads its
// (column, id) index in order, the partial published-public index for posts and projects
// (filtered by tag or not), with no sorting step; later pages seek to the cursor's position in
// it.
func TestKeysetQueriesUseIndexes(t *testing.T) {
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	for _, r := range []*resource{postsResource, projectsResource, coursesResource, talksResource} {
		tags := []string{""}
		if r.publishable {
			tags = append(tags, "go")
		}
		for _, key := range r.sorts {
			for _, s := range []string{key.param, "-" + key.param} {
				for _, tag := range tags {
					checkKeysetPlans(t, app, r, s, tag)
				}
			}
		}
	}
}

// checkKeysetPlans checks the plans of the first and a later page of one v1 list.
func checkKeysetPlans(t *testing.T, app core.App, r *resource, s, tag string) {
	t.Helper()
	sort, err := sortParam(url.Values{"sort": {s}}, r.sorts)
	if err != nil {
		t.Fatal(err)
	}
	where := []dbx.Expression{r.v1Filter(time.Now()), hasTag(tag)}
	index := "idx_" + r.collection + "_" + sort.Column + "_id"
	if r.publishable {
		index = "idx_" + r.collection + "_published_" + sort.Column + "_id"
	}
	for _, after := range []*cursor.Position{nil, {Value: "2026-11-01 10:00:00.000Z", ID: "abc"}} {
		q := keysetQuery(app, r, where, sort, after, 21).Build()
		var rows []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&rows); err != nil {
			t.Fatal(err)
		}
		var plan []string
		for _, row := range rows {
			plan = append(plan, row.Detail)
		}
		got := strings.Join(plan, "; ")
		// A later page starts with a range search in the index, not a scan from its start.
		seek := after == nil || strings.Contains(got, "SEARCH "+r.collection+" USING INDEX "+index+" (("+sort.Column+",id)")
		if !strings.Contains(got, "INDEX "+index) || strings.Contains(got, "TEMP B-TREE") || !seek {
			t.Errorf("%s sort=%s tag=%q after=%v: plan %q, want %s without a sort step\n%s", r.collection, s, tag, after != nil, got, index, q.SQL())
		}
	}
}
