package archive_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/archive"
	"github.com/creator-content-api/server/hooks/vocab"
)

// An archive cannot switch on webhooks to private addresses: the restore resets
// webhooks_allow_private and says so, and it prints alert_email and a non-default webhooks_max
// for the owner to check. A site with the defaults prints no such section.
func TestRestoreReviewsSecuritySettings(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		settings map[string]any
		want     []string
	}{
		{"crafted", map[string]any{"webhooks_allow_private": true, "alert_email": "attacker@example.com", "webhooks_max": 7}, []string{
			"Security settings to check:",
			"  webhooks_allow_private: reset to false (the archive had it on: webhooks to http and private addresses); switch it on again only for receivers on your own network",
			"  alert_email: attacker@example.com (receives the notes of webhooks switched off)",
			"  webhooks_max: 7 (default 100)",
		}},
		{"defaults", map[string]any{}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := apitest.New(t, apitest.Options{})
			settings, err := src.App.FindAllRecords(vocab.SiteSettings)
			if err != nil || len(settings) != 1 {
				t.Fatalf("settings: %v (%d)", err, len(settings))
			}
			for k, v := range tt.settings {
				settings[0].Set(k, v)
			}
			if err := src.App.Save(settings[0]); err != nil {
				t.Fatal(err)
			}
			zipPath := filepath.Join(t.TempDir(), "site.zip")
			if out, err := apitest.RunCommand(archive.NewExportCommand(src.App, src.Clock.Now), "--out", zipPath); err != nil {
				t.Fatalf("export: %v\n%s", err, out)
			}
			dst := apitest.New(t, apitest.Options{})
			out, err := apitest.RunCommand(archive.NewImportCommand(dst.App), zipPath)
			if err != nil {
				t.Fatalf("import archive: %v\n%s", err, out)
			}
			_, section, _ := strings.Cut(out, "Security settings to check:")
			var got []string
			if section != "" || strings.Contains(out, "Security settings") {
				got = append([]string{"Security settings to check:"}, strings.Split(strings.TrimSpace(section), "\n")...)
				for i := 1; i < len(got); i++ {
					got[i] = "  " + strings.TrimSpace(got[i])
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("summary:\n%s\nwant the section\n%s", out, strings.Join(tt.want, "\n"))
			}
			restored, err := dst.App.FindAllRecords(vocab.SiteSettings)
			if err != nil || len(restored) != 1 || restored[0].GetBool("webhooks_allow_private") {
				t.Fatalf("restored settings: %v %v", err, restored)
			}
		})
	}
}
