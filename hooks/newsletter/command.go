package newsletter

import (
	"fmt"
	"os"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// NewCommand returns the `newsletter` command for an owner at a terminal, with `subscribers
// import FILE [--consented]` and `subscribers export` (CSV on stdout), and the subcommands
// sub that other packages add (the sending). It works on the data directory directly and
// runs pending migrations first (custom commands start on an unmigrated database).
func NewCommand(app core.App, sub ...*cobra.Command) *cobra.Command {
	root := &cobra.Command{
		Use:          "newsletter",
		Short:        "Work with the newsletter's subscribers",
		SilenceUsage: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return app.RunAllMigrations()
		},
	}
	subscribers := &cobra.Command{Use: "subscribers", Short: "Import and export the subscribers as CSV"}
	var consented bool
	importCmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Add the addresses of a CSV file with an email (and name) column; none is mailed",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			res, err := New(app, nil).Import(cmd.Context(), f, consented)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "created:  %d\nexisting: %d (left as they are)\ninvalid:  %d\n", res.Created, res.Existing, len(res.Invalid))
			for _, l := range res.Invalid {
				fmt.Fprintf(out, "  line %d: %s\n", l.Line, l.Reason)
			}
			return nil
		},
	}
	importCmd.Flags().BoolVar(&consented, "consented", false,
		"the addresses already consented elsewhere: import them confirmed (default: pending, not mailed until confirmed)")
	subscribers.AddCommand(importCmd, &cobra.Command{
		Use:   "export",
		Short: "Write every subscriber as CSV to stdout",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return New(app, nil).Export(cmd.OutOrStdout())
		},
	})
	root.AddCommand(subscribers)
	root.AddCommand(sub...)
	return root
}
