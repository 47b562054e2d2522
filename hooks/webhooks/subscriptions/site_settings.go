package subscriptions

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// AllowPrivateWebhooks reports the site's webhooks_allow_private setting: true allows http and
// private addresses for webhook URLs (local development and tests). Without a settings record
// it is false: the SSRF guard fails closed. The sender asks before each batch of attempts,
// so it reads one column of one row, with no filter to parse.
func AllowPrivateWebhooks(app core.App) (bool, error) {
	_, err := app.FindCachedCollectionByNameOrId(vocab.SiteSettings)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	var allow bool
	if err == nil {
		err = app.DB().Select("webhooks_allow_private").From(vocab.SiteSettings).
			OrderBy("created", "id").Limit(1).Row(&allow)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("webhooks: read %s: %w", vocab.SiteSettings, err)
	}
	return allow, nil
}
