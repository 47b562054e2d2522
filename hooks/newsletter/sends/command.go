package sends

import (
	"encoding/json"
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks/vocab"
)

// storeKey is where Bind leaves the service in the app's store, for the commands.
const storeKey = "newsletter.sends"

// serviceOf is the service Bind made for app, or one with the default config.
func serviceOf(app core.App) *Service {
	if s, ok := app.Store().Get(storeKey).(*Service); ok {
		return s
	}
	return New(app, Config{})
}

// NewCommands returns the `newsletter` subcommands for an owner at a terminal: send (queue a
// post's send; the running server mails it), status (a send's counts) and dkim (the DNS
// record of the signing key).
func NewCommands(app core.App) []*cobra.Command {
	var opt Options
	send := &cobra.Command{
		Use:   "send POST_ID",
		Short: "Queue the mailing of a post to the confirmed subscribers (the running server sends it)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, err := serviceOf(app).Queue(args[0], opt)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "queued send %s to %d subscribers\n", rec.Id, rec.GetInt("total"))
			return nil
		},
	}
	send.Flags().BoolVar(&opt.EmailOnly, "email-only", false, "mail a draft that stays off the site and the feeds")
	send.Flags().BoolVar(&opt.Resend, "resend", false, "mail a post that was mailed before")
	send.Flags().StringVar(&opt.Audience, "audience", vocab.AudienceEveryone,
		"whom among the confirmed subscribers to mail: everyone, members or paid (members and paid members)")
	status := &cobra.Command{
		Use:   "status SEND_ID",
		Short: "Show a send's state and counts as JSON",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := serviceOf(app).Status(args[0])
			if err != nil {
				return err
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			return enc.Encode(c)
		},
	}
	dkim := &cobra.Command{
		Use:   "dkim",
		Short: "Print the DNS TXT record of the newsletter's DKIM key (made at first use)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := serviceOf(app).DKIMRecord()
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), r.Zone())
			return err
		},
	}
	return []*cobra.Command{send, status, dkim}
}
