package members

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// The newsletter_subscribers values a member's opt-in reads and writes.
const (
	subscriberConfirmed    = "confirmed"
	subscriberUnsubscribed = "unsubscribed"
	subscriberBounced      = "bounced"
	sourceMember           = "member"
)

// Profile is what a member sees and changes of themselves.
type Profile struct {
	ID         string
	Name       string
	Email      string
	Since      time.Time
	Access     vocab.Access
	Newsletter bool // the subscriber row of the address is confirmed
}

// Change is a member's change of their profile; nil fields stay as they are.
type Change struct {
	Name       *string `json:"name"`
	Newsletter *bool   `json:"newsletter"`
}

// ProfileOf is member's profile at access.
func (s *Service) ProfileOf(member *core.Record, access vocab.Access) (Profile, error) {
	sub, err := s.subscriber(member.Email())
	if err != nil {
		return Profile{}, err
	}
	return Profile{ID: member.Id, Name: member.GetString("name"), Email: member.Email(),
		Since: member.GetDateTime("created").Time(), Access: access,
		Newsletter: sub != nil && sub.GetString("status") == subscriberConfirmed}, nil
}

// Update saves a member's change: the name, and the opt-in as the subscriber row of their
// address (opting in makes it or sets it confirmed, from source `member`; opting out sets it
// unsubscribed). A bounced address stays bounced: the opt-in then reads false.
func (s *Service) Update(member *core.Record, c Change) error {
	return s.app.RunInTransaction(func(tx core.App) error {
		if c.Name != nil {
			member.Set("name", *c.Name)
			if err := tx.Save(member); err != nil {
				return err
			}
		}
		if c.Newsletter == nil {
			return nil
		}
		return s.setOptIn(tx, member, *c.Newsletter)
	})
}

func (s *Service) setOptIn(tx core.App, member *core.Record, in bool) error {
	sub, err := subscriberIn(tx, member.Email())
	if err != nil {
		return err
	}
	now := types.NowDateTime()
	switch {
	case sub == nil && !in:
		return nil
	case sub == nil:
		coll, err := tx.FindCachedCollectionByNameOrId(vocab.NewsletterSubscribers)
		if err != nil {
			return err
		}
		sub = core.NewRecord(coll)
		sub.Set("email", member.Email())
		sub.Set("name", member.GetString("name"))
		sub.Set("source", sourceMember)
	case sub.GetString("status") == subscriberBounced:
		return nil
	}
	if in {
		if sub.GetString("status") == subscriberConfirmed {
			return nil
		}
		sub.Set("status", subscriberConfirmed)
		sub.Set("confirmed", true)
		sub.Set("confirmed_at", now)
	} else {
		if sub.GetString("status") == subscriberUnsubscribed {
			return nil
		}
		sub.Set("status", subscriberUnsubscribed)
		sub.Set("unsubscribed_at", now)
	}
	return tx.Save(sub)
}

func (s *Service) subscriber(email string) (*core.Record, error) { return subscriberIn(s.app, email) }

// subscriberIn is the newsletter subscriber of the address (any case), or nil.
func subscriberIn(app core.App, email string) (*core.Record, error) {
	recs, err := app.FindRecordsByFilter(vocab.NewsletterSubscribers, "email:lower = {:email}", "", 1, 0,
		dbx.Params{"email": email})
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("members: read subscriber: %w", err)
	}
	if len(recs) == 0 {
		return nil, nil
	}
	return recs[0], nil
}
