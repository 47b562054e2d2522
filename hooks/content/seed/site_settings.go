package seed

import (
	"fmt"

	"github.com/creator-content-api/server/hooks/vocab"
)

// demoSiteURL is the demo's public site, so that its feeds are served.
const demoSiteURL = "https://demo.example"

// siteSettings points the settings at the demo site, unless the owner has set a site already.
func (s *seeder) siteSettings() error {
	recs, err := s.app.FindAllRecords(vocab.SiteSettings)
	if err != nil {
		return fmt.Errorf("seed %s: %w", vocab.SiteSettings, err)
	}
	for _, rec := range recs {
		if rec.GetString("site_url") != "" {
			continue
		}
		rec.Set("site_url", demoSiteURL)
		if err := s.app.Save(rec); err != nil {
			return fmt.Errorf("seed %s: %w", vocab.SiteSettings, err)
		}
	}
	return nil
}
