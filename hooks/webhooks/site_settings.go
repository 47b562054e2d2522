package webhooks

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/pb_migrations"
)

// allowPrivateWebhooks reports the site's webhooks_allow_private setting: true allows http and
// private addresses for webhook URLs (local development and tests). Without a settings record
// it is false: the SSRF guard fails closed.
func allowPrivateWebhooks(app core.App) (bool, error) {
	recs, err := app.FindRecordsByFilter(pb_migrations.SiteSettings, "", "created,id", 1, 0)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("webhooks: read %s: %w", pb_migrations.SiteSettings, err)
	}
	if len(recs) == 0 {
		return false, nil
	}
	return recs[0].GetBool("webhooks_allow_private"), nil
}
