package pb_migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addMembersSignIn, dropMembersSignIn)
}

// The members' sign-in: e-mail one-time codes, PocketBase's own.
const (
	memberOTPSeconds   = 600 // a code works for 10 minutes, once
	memberOTPLength    = 6
	memberTokenSeconds = 30 * 24 * 3600 // a member stays signed in for 30 days
)

// addMembersSignIn lets members sign in with a one-time code sent by e-mail (members is already
// an auth collection: its rows, passwords and tokens stay), gives the owner a switch to turn a
// member off, adds the `paid` visibility (for members the owner marked paid or with a completed
// purchase) and the site setting that lets unknown addresses sign up (off).
func addMembersSignIn(app core.App) error {
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.OTP.Enabled = true
	members.OTP.Duration = memberOTPSeconds
	members.OTP.Length = memberOTPLength
	members.AuthToken.Duration = memberTokenSeconds
	members.Fields.Add(&core.BoolField{Name: "disabled",
		Help: "The owner switched this member off: no sign-in, and their tokens stop at once."})
	if err := saveCollection(app, members); err != nil {
		return err
	}
	if err := editVisibilities(app, func(v []string) []string {
		if i := slices.Index(v, "members"); i >= 0 && !slices.Contains(v, "paid") {
			return slices.Insert(v, i+1, "paid")
		}
		return v
	}); err != nil {
		return err
	}
	settings, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	settings.Fields.Add(&core.BoolField{Name: "members_signup",
		Help: "Unknown addresses become members on their first sign-in (off: only members the owner added sign in)."})
	return saveCollection(app, settings)
}

func dropMembersSignIn(app core.App) error {
	settings, err := findCollection(app, "site_settings")
	if err != nil {
		return err
	}
	settings.Fields.RemoveByName("members_signup")
	if err := saveCollection(app, settings); err != nil {
		return err
	}
	for _, table := range []string{"posts", "projects"} {
		if _, err := app.DB().NewQuery("UPDATE " + table + " SET visibility = 'members' WHERE visibility = 'paid'").Execute(); err != nil {
			return err
		}
	}
	if err := editVisibilities(app, func(v []string) []string {
		return slices.DeleteFunc(v, func(s string) bool { return s == "paid" })
	}); err != nil {
		return err
	}
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.OTP.Enabled = false
	members.Fields.RemoveByName("disabled")
	return saveCollection(app, members)
}

// editVisibilities edits the visibility values of posts and projects.
func editVisibilities(app core.App, edit func([]string) []string) error {
	return editPublishable(app, func(c *core.Collection) {
		f := c.Fields.GetByName("visibility").(*core.SelectField)
		f.Values = edit(slices.Clone(f.Values))
	})
}
