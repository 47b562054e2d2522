package newsletter

import (
	"fmt"
	"slices"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Subscriber is a subscriber as the owner sees it (never its unsubscribe token).
type Subscriber struct {
	ID             string `db:"id" json:"id"`
	Email          string `db:"email" json:"email"`
	Name           string `db:"name" json:"name"`
	Status         string `db:"status" json:"status"`
	Source         string `db:"source" json:"source"`
	Created        string `db:"created" json:"created"`
	ConfirmedAt    string `db:"confirmed_at" json:"confirmed_at"`
	UnsubscribedAt string `db:"unsubscribed_at" json:"unsubscribed_at"`
}

var subscriberColumns = []string{"id", "email", "name", "status", "source", "created", "confirmed_at", "unsubscribed_at"}

// Counts are the subscribers per status, and their total.
type Counts struct {
	Pending      int `json:"pending"`
	Confirmed    int `json:"confirmed"`
	Unsubscribed int `json:"unsubscribed"`
	Bounced      int `json:"bounced"`
	Total        int `json:"total"`
}

// Count counts the subscribers per status.
func (s *Service) Count() (Counts, error) {
	var rows []struct {
		Status string `db:"status"`
		N      int    `db:"n"`
	}
	err := s.app.DB().NewQuery("SELECT status, COUNT(*) AS n FROM " + vocab.NewsletterSubscribers + " GROUP BY status").All(&rows)
	if err != nil {
		return Counts{}, fmt.Errorf("newsletter: count: %w", err)
	}
	var c Counts
	for _, r := range rows {
		switch r.Status {
		case StatusPending:
			c.Pending = r.N
		case StatusConfirmed:
			c.Confirmed = r.N
		case StatusUnsubscribed:
			c.Unsubscribed = r.N
		case StatusBounced:
			c.Bounced = r.N
		}
		c.Total += r.N
	}
	return c, nil
}

// Page is where a page of the list starts: after the row (Created, ID), newest first; the
// zero value is the first page.
type Page struct {
	Created, ID string
}

// List returns up to limit subscribers of status (empty: any) after p, newest first
// (created, then id, descending). ErrInvalidStatus for an unknown status.
func (s *Service) List(status string, p Page, limit int) ([]Subscriber, error) {
	if status != "" && !slices.Contains(vocab.SubscriberStatuses(), status) {
		return nil, ErrInvalidStatus
	}
	q := s.app.DB().Select(subscriberColumns...).From(vocab.NewsletterSubscribers).
		OrderBy("created DESC", "id DESC").Limit(int64(limit))
	if status != "" {
		q = q.AndWhere(dbx.HashExp{"status": status})
	}
	if p.ID != "" {
		q = q.AndWhere(dbx.NewExp("(created < {:c} OR (created = {:c} AND id < {:id}))", dbx.Params{"c": p.Created, "id": p.ID}))
	}
	out := []Subscriber{}
	if err := q.All(&out); err != nil {
		return nil, fmt.Errorf("newsletter: list: %w", err)
	}
	return out, nil
}
