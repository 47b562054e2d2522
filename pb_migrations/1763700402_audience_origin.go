package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addAudienceOrigin, dropAudienceOrigin)
}

// addAudienceOrigin records where a subscriber or member came from (the site's form, the
// dashboard, a CSV or a platform's import, a member's own opt-in) and, for subscribers, when
// they confirmed and when they left; members get the owner's "paid" mark.
func addAudienceOrigin(app core.App) error {
	subs, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	subs.Fields.Add(
		&core.TextField{Name: "source", Max: 40,
			Help: "Where the subscriber came from: form, dashboard, csv, ghost, substack, member; empty when unknown."},
		&core.DateField{Name: "confirmed_at", Help: "When the address was confirmed (or the consent given elsewhere was imported)."},
		&core.DateField{Name: "unsubscribed_at", Help: "When the subscriber left."},
	)
	if err := saveCollection(app, subs); err != nil {
		return err
	}
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.Fields.Add(
		&core.BoolField{Name: "paid", Help: "The owner marked this member paid: paid content is theirs to read."},
		&core.TextField{Name: "source", Max: 40,
			Help: "Where the member came from: sign-up, dashboard, ghost; empty when unknown."},
	)
	return saveCollection(app, members)
}

func dropAudienceOrigin(app core.App) error {
	subs, err := findCollection(app, "newsletter_subscribers")
	if err != nil {
		return err
	}
	for _, f := range []string{"source", "confirmed_at", "unsubscribed_at"} {
		subs.Fields.RemoveByName(f)
	}
	if err := saveCollection(app, subs); err != nil {
		return err
	}
	members, err := findCollection(app, "members")
	if err != nil {
		return err
	}
	members.Fields.RemoveByName("paid")
	members.Fields.RemoveByName("source")
	return saveCollection(app, members)
}
