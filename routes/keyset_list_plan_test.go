package routes_test

import (
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
)

// TestKeysetQueriesUseIndexes checks the plans of the v1 list queries: every sort reads its
// (column, id) index in order, the partial published-public index for posts and projects
// (filtered by tag or not), with no sorting step; later pages seek to the cursor's position in
// it.
func TestKeysetQueriesUseIndexes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	cases, err := routes.KeysetPlanCases(h.App)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var rows []struct {
			Detail string `db:"detail"`
		}
		if err := h.App.DB().NewQuery("EXPLAIN QUERY PLAN " + c.SQL).Bind(c.Params).All(&rows); err != nil {
			t.Fatal(err)
		}
		var plan []string
		for _, row := range rows {
			plan = append(plan, row.Detail)
		}
		got := strings.Join(plan, "; ")
		// A later page starts with a range search in the index, not a scan from its start.
		seek := !c.Later || strings.Contains(got, "SEARCH "+c.Collection+" USING INDEX "+c.Index+" (("+c.Column+",id)")
		if !strings.Contains(got, "INDEX "+c.Index) || strings.Contains(got, "TEMP B-TREE") || !seek {
			t.Errorf("%s: plan %q, want %s without a sort step\n%s", c.Name, got, c.Index, c.SQL)
		}
	}
}
