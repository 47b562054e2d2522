package pb_migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(seedSiteSettings, unseedSiteSettings)
}

// seedSiteSettings inserts the one default settings record: free plan, public webhooks only.
func seedSiteSettings(app core.App) error {
	c, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	rec := core.NewRecord(c)
	rec.Set("plan", "free")
	rec.Set("webhooks_allow_private", false)
	if err := app.Save(rec); err != nil {
		return fmt.Errorf("save default %s record: %w", "site_settings", err)
	}
	return nil
}

// unseedSiteSettings deletes the settings records so the collection can be dropped or re-seeded.
func unseedSiteSettings(app core.App) error {
	recs, err := app.FindAllRecords("site_settings")
	if err != nil {
		return fmt.Errorf("find %s records: %w", "site_settings", err)
	}
	for _, rec := range recs {
		if err := app.Delete(rec); err != nil {
			return fmt.Errorf("delete %s record %s: %w", "site_settings", rec.Id, err)
		}
	}
	return nil
}
