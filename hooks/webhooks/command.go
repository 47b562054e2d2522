package webhooks

import (
	"fmt"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/listen"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// NewCommand returns the `webhooks` command for an owner at a terminal: `webhooks test ID`
// sends a signed ping to a subscription and prints the receiver's answer. It works on the data
// directory directly and runs pending migrations first (custom commands start on an
// unmigrated database). `webhooks listen` (package listen) is a client of a remote server and
// needs no data directory.
func NewCommand(app core.App, s *Service) *cobra.Command {
	root := &cobra.Command{
		Use:          "webhooks",
		Short:        "Work with webhook subscriptions",
		SilenceUsage: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return app.RunAllMigrations()
		},
	}
	root.AddCommand(&cobra.Command{
		Use:          "test ID",
		Short:        "Send a signed ping event to a subscription and show the answer",
		Args:         cobra.ExactArgs(1),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := s.SendTest(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			status := "none"
			if res.StatusCode != 0 {
				status = strconv.Itoa(res.StatusCode)
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "outcome:  %s\nstatus:   %s\nduration: %d ms\n", res.Outcome, status, res.Duration.Milliseconds())
			if res.Err != "" {
				fmt.Fprintf(out, "error:    %s\n", res.Err)
			}
			if res.ResponseExcerpt != "" {
				fmt.Fprintf(out, "response: %s\n", res.ResponseExcerpt)
			}
			if res.Outcome != wire.Delivered {
				return fmt.Errorf("test delivery to %s was not acknowledged", args[0])
			}
			return nil
		},
	})
	root.AddCommand(listen.NewCommand(vocab.EventNames()))
	return root
}
