package revisions

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// pruneJobID is the id of the cron job (listed in the dashboard under /api/crons).
const pruneJobID = "ccaRevisionsPrune"

// pruneBatch is how many revisions one prune statement deletes: each batch is its own short
// write, so writers waiting for the connection are not held up for long.
const pruneBatch = 500

// bindPrune schedules the pruning every 10 minutes, as the webhook events' pruning.
func bindPrune(app core.App, prune func() (int, error)) {
	app.Cron().MustAdd(pruneJobID, "*/10 * * * *", func() {
		if _, err := prune(); err != nil {
			app.Logger().Error("revisions: prune old revisions", "error", err)
		}
	})
}

// prunableSQL selects the revisions past the retention: older than the cut-off, or beyond
// the newest Keep of their record.
const prunableSQL = "SELECT [[id]], [[files]] FROM (SELECT [[id]], [[files]], [[created]], " +
	"ROW_NUMBER() OVER (PARTITION BY [[record_collection]], [[record_id]] ORDER BY [[created]] DESC, [[id]] DESC) AS [[n]] " +
	"FROM {{" + vocab.ContentRevisions + "}}) WHERE [[n]] > {:keep} OR [[created]] < {:cut} LIMIT {:batch}"

// Prune deletes the revisions past the retention and the files they kept, in batches of
// pruneBatch, and returns how many it deleted.
func (s *Service) Prune(app core.App) (int, error) {
	col, err := app.FindCachedCollectionByNameOrId(vocab.ContentRevisions)
	if err != nil {
		return 0, nil // not migrated yet: nothing to prune
	}
	total := 0
	for {
		var rows []struct {
			ID    string `db:"id"`
			Files string `db:"files"`
		}
		err := app.DB().NewQuery(prunableSQL).Bind(dbx.Params{"keep": s.cfg.Keep, "cut": s.cutoff(), "batch": pruneBatch}).All(&rows)
		if err != nil {
			return total, fmt.Errorf("revisions: list old revisions: %w", err)
		}
		if len(rows) == 0 {
			return total, nil
		}
		ids := make([]any, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		if _, err := app.DB().Delete(vocab.ContentRevisions, dbx.In("id", ids...)).Execute(); err != nil {
			return total, fmt.Errorf("revisions: delete old revisions: %w", err)
		}
		for _, r := range rows {
			if r.Files != "" && r.Files != "[]" && r.Files != "null" {
				deleteDir(app, col.Id+"/"+r.ID+"/")
			}
		}
		total += len(rows)
		if len(rows) < pruneBatch {
			return total, nil
		}
	}
}
