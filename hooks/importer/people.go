package importer

import (
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/vocab"
)

// Audience counts what an import did with a source's members and subscribers.
type Audience struct {
	// Members and Subscribers count the records created (subscribers confirmed: the source
	// had their consent); Known counts people whose address was already here, left as they are.
	Members, Subscribers, Known int
}

// Person makes a source's member a member here and a consenting subscriber a confirmed
// subscriber, each flagged with the platform in source. An address already here is left as it
// is (a re-run creates nobody twice). Nothing is mailed, and no newsletter.subscribe event is
// written, even with --events: the people subscribed long ago, elsewhere.
func (w *writer) Person(p source.Person) error {
	email, err := address(p.Email)
	if err != nil {
		w.report.skip("person without a valid e-mail address")
		return nil
	}
	if !p.Member && !p.Subscribed {
		w.report.skip("subscriber without consent or no longer subscribed")
		return nil
	}
	if p.Member {
		if err := w.member(email, p); err != nil {
			return &source.ParseError{File: w.opts.File, Place: p.Place, Err: fmt.Errorf("member %s: %w", email, err)}
		}
	}
	if p.Subscribed {
		if err := w.subscriber(email, p); err != nil {
			return &source.ParseError{File: w.opts.File, Place: p.Place, Err: fmt.Errorf("subscriber %s: %w", email, err)}
		}
	}
	return nil
}

// address is the e-mail address alone, in lower case.
func address(raw string) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(raw))
	if err != nil {
		return "", err
	}
	return strings.ToLower(a.Address), nil
}

func (w *writer) member(email string, p source.Person) error {
	if _, err := w.app.FindAuthRecordByEmail(vocab.Members, email); err == nil {
		w.report.Audience.Known++
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	col, err := w.app.FindCachedCollectionByNameOrId(vocab.Members)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.SetEmail(email)
	rec.SetRandomPassword() // they sign in here by resetting it
	rec.Set("name", p.Name)
	rec.Set("paid", p.Paid)
	rec.Set("source", w.opts.Source)
	if !p.Since.IsZero() {
		rec.SetRaw("created", mustDate(p.Since))
	}
	if err := w.app.SaveWithContext(w.quiet, rec); err != nil {
		return err
	}
	w.report.Audience.Members++
	return nil
}

func (w *writer) subscriber(email string, p source.Person) error {
	if _, err := w.app.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", email); err == nil {
		w.report.Audience.Known++
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	col, err := w.app.FindCachedCollectionByNameOrId(vocab.NewsletterSubscribers)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.Set("email", email)
	rec.Set("name", p.Name)
	rec.Set("confirmed", true)
	rec.Set("status", "confirmed")
	rec.Set("confirmed_at", mustDate(w.opts.Now())) // when the consent given elsewhere came in
	rec.Set("source", w.opts.Source)
	if !p.Since.IsZero() {
		rec.SetRaw("created", mustDate(p.Since))
	}
	if err := w.app.SaveWithContext(w.quiet, rec); err != nil {
		return err
	}
	w.report.Audience.Subscribers++
	return nil
}
