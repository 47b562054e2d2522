package archive

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Security settings of site_settings that an archive carries.
const (
	// settingAllowPrivate lets webhooks reach http and private addresses: a crafted archive
	// could switch on the SSRF guard's exception, so a restore resets it.
	settingAllowPrivate = "webhooks_allow_private"
	// settingAlertEmail receives the notes of webhooks switched off: a restore keeps it and says it.
	settingAlertEmail = "alert_email"
	// settingWebhooksMax caps the subscriptions: a restore keeps it and says it when not the default.
	settingWebhooksMax = "webhooks_max"
)

// reviewSettings resets, in the restored settings, what an archive must not switch on by itself
// (webhooks_allow_private), and returns a line for it and for every security setting the
// archive set to something other than its default, for the owner to check.
func reviewSettings(app core.App) ([]string, error) {
	recs, err := app.FindAllRecords(vocab.SiteSettings)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, rec := range recs {
		if rec.GetBool(settingAllowPrivate) {
			rec.Set(settingAllowPrivate, false)
			if err := app.Save(rec); err != nil {
				return nil, fmt.Errorf("reset %s: %w", settingAllowPrivate, err)
			}
			lines = append(lines, settingAllowPrivate+": reset to false (the archive had it on: webhooks to http and private addresses); switch it on again only for receivers on your own network")
		}
		if email := rec.GetString(settingAlertEmail); email != "" {
			lines = append(lines, fmt.Sprintf("%s: %s (receives the notes of webhooks switched off)", settingAlertEmail, email))
		}
		if n := rec.GetInt(settingWebhooksMax); n != 0 && n != subscriptions.DefaultMaxSubscriptions {
			lines = append(lines, fmt.Sprintf("%s: %d (default %d)", settingWebhooksMax, n, subscriptions.DefaultMaxSubscriptions))
		}
	}
	return lines, nil
}
