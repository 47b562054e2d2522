package keys

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks/dates"
)

// NewCommand returns the `keys` command (create, list, rotate, revoke) for an owner at a
// terminal. It works on the data directory directly, as PocketBase's `superuser` command
// does, and runs pending migrations first (custom commands start on an unmigrated database).
func NewCommand(app core.App, now func() time.Time) *cobra.Command {
	root := &cobra.Command{
		Use:          "keys",
		Short:        "Create, list, rotate and revoke API keys",
		SilenceUsage: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return app.RunAllMigrations()
		},
	}
	root.AddCommand(createCommand(app), listCommand(app), rotateCommand(app, now), revokeCommand(app))
	return root
}

func createCommand(app core.App) *cobra.Command {
	var name, scopes, origins, expiry string
	cmd := &cobra.Command{
		Use:          "create",
		Short:        "Create a key; its full value is printed once",
		Example:      `  keys create --name "Site frontend" --scopes read --origins https://example.com`,
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := Fields{Name: &name}
			list := splitList(scopes)
			f.Scopes = &list
			o := splitList(origins)
			f.AllowedOrigins = &o
			if expiry != "" {
				t, err := dates.Parse(expiry)
				if err != nil {
					return fmt.Errorf("--expiry: %w", err)
				}
				f.Expiry = &t
			}
			rec, secret, err := Create(app, f)
			if err != nil {
				return err
			}
			printSecret(cmd, rec, secret)
			return nil
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "label of the key (required)")
	cmd.Flags().StringVar(&scopes, "scopes", "", "comma-separated scopes: "+strings.Join(Scopes(), ", "))
	cmd.Flags().StringVar(&origins, "origins", "", "comma-separated allowed origins (empty: any, for server-to-server use)")
	cmd.Flags().StringVar(&expiry, "expiry", "", "RFC 3339 expiry, years 0001 to 9999 (empty: never)")
	return cmd
}

func listCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:          "list",
		Short:        "List keys (prefix and last four characters only)",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			recs, err := List(app)
			if err != nil {
				return err
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tNAME\tKEY\tSCOPES\tACTIVE\tEXPIRY\tLAST USED")
			for _, r := range recs {
				fmt.Fprintf(w, "%s\t%s\t%s…%s\t%s\t%t\t%s\t%s\n", r.Id, r.GetString("name"), r.GetString("prefix"),
					r.GetString("last4"), strings.Join(r.GetStringSlice("scopes"), ","), r.GetBool("active"),
					orDash(r.GetDateTime("expiry").String()), orDash(r.GetDateTime("last_used_at").String()))
			}
			return w.Flush()
		},
	}
}

func rotateCommand(app core.App, now func() time.Time) *cobra.Command {
	return &cobra.Command{
		Use:   "rotate ID",
		Short: "Give a key a new secret; the old one works for 24 more hours",
		Long: "Give a key a new secret. The old one keeps working for 24 more hours; a secret replaced by an\n" +
			"earlier rotation stops working on every running server within a second.",
		Args:         cobra.ExactArgs(1),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, secret, err := Rotate(app, args[0], now())
			if err != nil {
				return err
			}
			printSecret(cmd, rec, secret)
			fmt.Fprintf(cmd.OutOrStdout(), "The previous secret works until %s.\n", rec.GetDateTime("previous_expires_at").String())
			return nil
		},
	}
}

func revokeCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:          "revoke ID",
		Short:        "Delete a key; it stops working on every running server within a second",
		Args:         cobra.ExactArgs(1),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := Revoke(app, args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Revoked key %s.\n", args[0])
			return nil
		},
	}
}

func printSecret(cmd *cobra.Command, rec *core.Record, secret string) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Key %s (%s), scopes %s:\n\n    %s\n\n", rec.Id, rec.GetString("name"),
		strings.Join(rec.GetStringSlice("scopes"), ","), secret)
	fmt.Fprintln(out, "Store it now: it is shown only this once.")
}

func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
