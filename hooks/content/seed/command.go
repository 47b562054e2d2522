package seed

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// NewCommand returns the `seed` command: it fills the data directory with the demo site
// (Demo) and, with --posts N, N more published posts for benchmarks (Posts). It runs pending
// migrations first, as custom commands start on an unmigrated database, and refuses a site
// that already has content unless --force.
func NewCommand(app core.App) *cobra.Command {
	var force bool
	var posts int
	cmd := &cobra.Command{
		Use:          "seed",
		Short:        "Fill the data directory with a demo site (and, with --posts, bulk posts for benchmarks)",
		Example:      "  seed\n  seed --posts 10000",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if posts < 0 {
				return fmt.Errorf("--posts must be 0 or more, not %d", posts)
			}
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			counts, err := Demo(app, time.Now(), force)
			if errors.Is(err, ErrNotEmpty) {
				return fmt.Errorf("%w: not seeding; run with --force to add the demo content anyway", err)
			}
			if err != nil {
				return err
			}
			if err := Posts(app, posts); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintln(out, "Seeded the demo site:")
			for _, c := range slices.Sorted(maps.Keys(counts)) {
				fmt.Fprintf(out, "  %-24s %d\n", c, counts[c])
			}
			if posts > 0 {
				fmt.Fprintf(out, "  %-24s %d more (benchmark posts)\n", "posts", posts)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "seed even if the site already has content")
	cmd.Flags().IntVar(&posts, "posts", 0, "also insert this many published public posts, fast (for benchmarks)")
	return cmd
}
