package content_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestDueQueryReadsThePublishDueIndex: the publish job's look-up, written with vocab's rule of
// "published", still reads each collection's partial publish_due index.
func TestDueQueryReadsThePublishDueIndex(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	for _, col := range []string{vocab.Posts, vocab.Projects, vocab.Pages} {
		var rows []struct {
			Detail string `db:"detail"`
		}
		q := h.App.DB().NewQuery("EXPLAIN QUERY PLAN SELECT id FROM " + col + " WHERE " + content.DueSQL + " ORDER BY published_at, id")
		if err := q.Bind(dbx.Params{"now": "2026-11-21 12:00:00.000Z"}).All(&rows); err != nil {
			t.Fatal(err)
		}
		var plan []string
		for _, r := range rows {
			plan = append(plan, r.Detail)
		}
		if got := strings.Join(plan, "; "); !strings.Contains(got, "INDEX idx_"+col+"_publish_due") {
			t.Errorf("%s: plan %q, want idx_%s_publish_due", col, got, col)
		}
	}
}
