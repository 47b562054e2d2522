package ghost

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// member is one row of the members table (Ghost 1 to 6).
type member struct {
	ID            json.RawMessage `json:"id"`
	Email         *string         `json:"email"`
	Name          *string         `json:"name"`
	Status        string          `json:"status"`         // free, paid or comped (Ghost 3 and later)
	Subscribed    json.RawMessage `json:"subscribed"`     // the newsletter consent up to Ghost 4
	EmailDisabled json.RawMessage `json:"email_disabled"` // Ghost stopped mailing the address (it bounced)
	CreatedAt     json.RawMessage `json:"created_at"`
}

// memberNewsletter is one row of members_newsletters (Ghost 5 and later): the member
// receives that newsletter.
type memberNewsletter struct {
	MemberID     json.RawMessage `json:"member_id"`
	NewsletterID json.RawMessage `json:"newsletter_id"`
}

// newsletter is one row of newsletters (Ghost 5 and later).
type newsletter struct {
	ID     json.RawMessage `json:"id"`
	Status string          `json:"status"` // active or archived
}

// audience is what the first pass keeps of the members' newsletters.
type audience struct {
	archived   map[string]bool     // newsletters no longer sent
	newsletter map[string][]string // member id → the newsletters they receive
}

// keep reads a row of the tables the members need.
func (a *audience) keep(table string, dec *json.Decoder) (bool, error) {
	switch table {
	case "newsletters":
		var row newsletter
		if err := dec.Decode(&row); err != nil {
			return true, err
		}
		if row.Status == "archived" {
			a.archived[id(row.ID)] = true
		}
		return true, nil
	case "members_newsletters":
		var row memberNewsletter
		if err := dec.Decode(&row); err != nil {
			return true, err
		}
		a.newsletter[id(row.MemberID)] = append(a.newsletter[id(row.MemberID)], id(row.NewsletterID))
		return true, nil
	}
	return false, nil
}

// subscribed says whether the member receives a newsletter: Ghost 5 and later list it in
// members_newsletters (an archived newsletter does not count), earlier versions in subscribed.
func (a *audience) subscribed(m *member) bool {
	if flag(m.EmailDisabled) {
		return false
	}
	if len(m.Subscribed) > 0 && string(m.Subscribed) != "null" {
		return flag(m.Subscribed)
	}
	for _, n := range a.newsletter[id(m.ID)] {
		if !a.archived[n] {
			return true
		}
	}
	return false
}

// flag reads a boolean column: true or 1 (SQLite exports write numbers).
func flag(raw json.RawMessage) bool {
	v := strings.TrimSpace(string(raw))
	return v == "true" || v == "1"
}

// person maps a member row.
func (a *audience) person(m *member, place string) (source.Person, error) {
	since, ok := ghostTime(m.CreatedAt)
	if !ok {
		return source.Person{}, fmt.Errorf("member %s: created_at is neither ISO 8601 nor milliseconds", id(m.ID))
	}
	return source.Person{
		Place: place, Email: str(m.Email), Name: strings.TrimSpace(str(m.Name)),
		Member: true, Paid: m.Status == "paid" || m.Status == "comped",
		Subscribed: a.subscribed(m), Since: since,
	}, nil
}
