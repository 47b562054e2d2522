package newsletter

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// NewCommand returns the `newsletter` command, with sub as its subcommands. It works on the
// data directory directly and runs pending migrations first (custom commands start on an
// unmigrated database).
func NewCommand(app core.App, sub ...*cobra.Command) *cobra.Command {
	root := &cobra.Command{
		Use:          "newsletter",
		Short:        "Work with the newsletter",
		SilenceUsage: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return app.RunAllMigrations()
		},
	}
	root.AddCommand(sub...)
	return root
}
