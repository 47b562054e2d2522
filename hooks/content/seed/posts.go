package seed

import (
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/content/fulltext"
	"github.com/creator-content-api/server/hooks/vocab"
)

// Posts inserts n published public posts in one transaction, for benchmarks (10,000 take
// well under a second). It writes rows directly, without record hooks: no webhook events are
// queued for them, and their slugs (benchmark-post-<id>) are unique by construction. Their
// created times are one minute apart, ending now, so every sort has distinct values.
func Posts(app core.App, n int) error {
	if n <= 0 {
		return nil
	}
	now := time.Now().UTC()
	return app.RunInTransaction(func(tx core.App) error {
		for i := range n {
			id := core.GenerateDefaultRandomId()
			at := now.Add(-time.Duration(n-1-i) * time.Minute).Format(types.DefaultDateLayout)
			_, err := tx.DB().Insert(vocab.Posts, dbx.Params{
				"id":         id,
				"title":      fmt.Sprintf("Benchmark post %05d", i+1),
				"slug":       "benchmark-post-" + id,
				"excerpt":    "A post made for benchmarks.",
				"content":    "<p>Benchmark content.</p>",
				"tags":       `["benchmark"]`,
				"visibility": "public",
				"draft":      false,
				"created":    at,
				"updated":    at,
			}).Execute()
			if err != nil {
				return fmt.Errorf("insert benchmark post %d: %w", i+1, err)
			}
		}
		// Without hooks, the search index learns of the rows here.
		return fulltext.Rebuild(tx, vocab.Posts)
	})
}
