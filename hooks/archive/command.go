package archive

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// NewExportCommand returns `export --out site.zip`: the site's archive, written to a file
// next to the target and renamed into place once complete.
func NewExportCommand(app core.App, now func() time.Time) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:           "export --out site.zip",
		Short:         "Write the whole site (content, uploaded files) to a zip that `import archive` restores",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true, // main prints the one line and exits with status 1
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("export: --out FILE is required")
			}
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			if err := exportFile(app, out, now()); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Exported the site to %s\n", out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the zip file to write")
	return cmd
}

func exportFile(app core.App, out string, now time.Time) error {
	tmp := out + ".partial"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // gone after the rename; left over only on failure
	if err := Export(app, f, now); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// NewImportCommand returns `import archive site.zip`, a subcommand of `import`.
func NewImportCommand(app core.App) *cobra.Command {
	var events bool
	cmd := &cobra.Command{
		Use:           "archive site.zip",
		Short:         "Restore a site archive (from `export`) into an empty data directory",
		Args:          cobra.ExactArgs(1),
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			done, err := Restore(app, args[0], source.DefaultLimits(), events)
			if err != nil {
				return fmt.Errorf("import archive: %w", err)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "Restored %s:\n", args[0])
			for _, c := range slices.Sorted(maps.Keys(done.Counts)) {
				fmt.Fprintf(w, "  %-24s %d\n", c, done.Counts[c])
			}
			if len(done.Settings) > 0 {
				fmt.Fprintln(w, "Security settings to check:")
				for _, line := range done.Settings {
					fmt.Fprintf(w, "  %s\n", line)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&events, "events", false, "fire webhook events (content.created…) for the restored records")
	return cmd
}
