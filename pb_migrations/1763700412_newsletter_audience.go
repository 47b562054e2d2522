package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addNewsletterAudience, dropNewsletterAudience)
}

// addNewsletterAudience lets a send be limited to members or paid members and mail a gated
// post: the send keeps its audience, the post's visibility when it was queued, and the letter
// cut at the members-only marker for the recipients who may not read it whole. The sends made
// before went to everyone, and only public posts were mailed. Subscribers are matched to members
// by address in any case: members get an index of their lowercased address.
func addNewsletterAudience(app core.App) error {
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.AddIndex(membersEmailLowerIndex, false, "lower(email)", "")
	if err := saveCollection(app, members); err != nil {
		return err
	}
	sends, err := findCollection(app, "newsletter_sends")
	if err != nil {
		return err
	}
	sends.Fields.Add(
		&core.SelectField{Name: "audience", Values: []string{"everyone", "members", "paid"}, MaxSelect: 1,
			Help: "Whom among the confirmed subscribers the send mails: everyone, members, or paid members."},
		&core.TextField{Name: "visibility", Max: 20, Help: "The post's visibility when the send was queued."},
		&core.TextField{Name: "cut_html", Max: 2 << 20,
			Help: "The letter for recipients who may not read the post whole: cut at the members-only marker, with a sign-in link."},
		&core.TextField{Name: "cut_text", Max: 2 << 20},
	)
	if err := saveCollection(app, sends); err != nil {
		return err
	}
	_, err = app.DB().NewQuery("UPDATE newsletter_sends SET audience = 'everyone', visibility = 'public' WHERE audience = ''").Execute()
	return err
}

// membersEmailLowerIndex is the index of the members' lowercased addresses.
const membersEmailLowerIndex = "idx_members_email_lower"

func dropNewsletterAudience(app core.App) error {
	sends, err := findCollection(app, "newsletter_sends")
	if err != nil {
		return err
	}
	for _, name := range []string{"audience", "visibility", "cut_html", "cut_text"} {
		sends.Fields.RemoveByName(name)
	}
	if err := saveCollection(app, sends); err != nil {
		return err
	}
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.RemoveIndex(membersEmailLowerIndex)
	return saveCollection(app, members)
}
