package newsletter

import (
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/routine"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Subscriber states (vocab.SubscriberStatuses).
const (
	StatusPending      = "pending"
	StatusConfirmed    = "confirmed"
	StatusUnsubscribed = "unsubscribed"
	StatusBounced      = "bounced"
)

// Sources of a subscriber (newsletter_subscribers.source) that this package writes.
const (
	SourceForm = "form"
	SourceCSV  = "csv"
)

// MaxConfirmationMails is how many confirmation e-mails an address gets in
// ConfirmationMailWindow at most, however often the form is sent for it.
const MaxConfirmationMails = 3

// ConfirmationMailWindow is the window MaxConfirmationMails counts in.
const ConfirmationMailWindow = 24 * time.Hour

// Service subscribes, confirms and unsubscribes readers. Confirmation e-mails go out in the
// background (Wait waits for those under way), so that how long a subscribe call takes says
// nothing about the address.
type Service struct {
	app     core.App
	now     func() time.Time
	sending sync.WaitGroup
}

// New returns the newsletter's service on app; now is its clock (nil: time.Now).
func New(app core.App, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{app: app, now: now}
}

// Wait returns once every confirmation e-mail started so far was handed to the mail server
// (or failed: failures are logged).
func (s *Service) Wait() { s.sending.Wait() }

// Subscribe asks for email (and the name it gave) to be subscribed, the double opt-in way: a
// new, pending or unsubscribed address is sent a confirmation e-mail with a link to
// baseURL+ConfirmPath (at most MaxConfirmationMails in ConfirmationMailWindow), a confirmed or
// bounced one nothing. It returns ErrInvalidEmail or ErrInvalidName for bad input, and
// otherwise says nothing about the address's state: every caller gets the same answer.
func (s *Service) Subscribe(email, name, baseURL string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	if name, err = normalizeName(name); err != nil {
		return err
	}
	now := s.now()
	var mail *confirmationMail
	err = s.app.RunInTransaction(func(tx core.App) error {
		rec, err := tx.FindFirstRecordByData(vocab.NewsletterSubscribers, "email", email)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			col, err := tx.FindCachedCollectionByNameOrId(vocab.NewsletterSubscribers)
			if err != nil {
				return err
			}
			rec = core.NewRecord(col)
			rec.Set("email", email)
			rec.Set("name", name)
			rec.Set("status", StatusPending)
			rec.Set("source", SourceForm)
		case err != nil:
			return err
		}
		status := rec.GetString("status")
		if status == StatusConfirmed || status == StatusBounced {
			return nil
		}
		if status == StatusPending && name != "" {
			rec.Set("name", name)
		}
		sent, ok := allowMail(rec, now)
		if !ok {
			return nil
		}
		rec.Set("confirmation_mails", sent)
		if err := tx.Save(rec); err != nil {
			return err
		}
		key, err := confirmKey(tx)
		if err != nil {
			return err
		}
		mail = &confirmationMail{to: email, name: rec.GetString("name"), id: rec.Id,
			link: confirmURL(baseURL, confirmToken(key, rec, now.Add(ConfirmLinkTTL)))}
		return nil
	})
	if err != nil {
		return fmt.Errorf("newsletter: subscribe: %w", err)
	}
	if mail != nil {
		s.sending.Add(1)
		routine.FireAndForget(func() {
			defer s.sending.Done()
			s.send(mail)
		})
	}
	return nil
}

// allowMail returns the times of the confirmation mails sent to rec's address within the
// window before now, with now added, and whether one more may go now.
func allowMail(rec *core.Record, now time.Time) ([]time.Time, bool) {
	var sent []time.Time
	_ = rec.UnmarshalJSONField("confirmation_mails", &sent) // a damaged value counts as none
	kept := sent[:0]
	for _, t := range sent {
		if now.Sub(t) < ConfirmationMailWindow {
			kept = append(kept, t)
		}
	}
	if len(kept) >= MaxConfirmationMails {
		return kept, false
	}
	return append(kept, now.UTC()), true
}

// CheckConfirmLink returns ErrLinkInvalid unless token is a confirmation link that Confirm
// would act on now (the page a GET shows offers its button only then).
func (s *Service) CheckConfirmLink(token string) error {
	_, err := s.confirmable(token)
	return err
}

// Confirm confirms the subscriber a confirmation link's token names: it becomes confirmed
// (newsletter.subscribe fires then), whether it was pending or had unsubscribed. Confirming
// twice is no error. ErrLinkInvalid: the token was altered or has expired, the subscriber is
// gone, has bounced, or unsubscribed after the link was sent.
func (s *Service) Confirm(token string) error {
	rec, err := s.confirmable(token)
	if err != nil || rec.GetString("status") == StatusConfirmed {
		return err
	}
	rec.Set("status", StatusConfirmed)
	rec.Set("confirmed", true)
	rec.Set("confirmed_at", s.now().UTC())
	if err := s.app.Save(rec); err != nil {
		return fmt.Errorf("newsletter: confirm: %w", err)
	}
	return nil
}

// confirmable is the subscriber token's confirmation link confirms, or ErrLinkInvalid.
func (s *Service) confirmable(token string) (*core.Record, error) {
	id, _, err := parseConfirmToken(token)
	if err != nil {
		return nil, err
	}
	rec, err := s.app.FindRecordById(vocab.NewsletterSubscribers, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrLinkInvalid
	} else if err != nil {
		return nil, fmt.Errorf("newsletter: confirm: %w", err)
	}
	key, err := confirmKey(s.app)
	if err != nil {
		return nil, err
	}
	if err := checkConfirmToken(key, rec, token, s.now()); err != nil {
		return nil, err
	}
	if rec.GetString("status") == StatusBounced {
		return nil, ErrLinkInvalid
	}
	return rec, nil
}

// CheckUnsubscribeLink returns ErrLinkInvalid unless a subscriber has this unsubscribe token.
func (s *Service) CheckUnsubscribeLink(token string) error {
	_, err := s.byUnsubscribeToken(token)
	return err
}

// Unsubscribe unsubscribes the subscriber whose unsubscribe_token is token, at once; doing
// it twice is no error, and a bounced subscriber stays bounced. ErrLinkInvalid: no
// subscriber has this token.
func (s *Service) Unsubscribe(token string) error {
	rec, err := s.byUnsubscribeToken(token)
	if err != nil {
		return err
	}
	if st := rec.GetString("status"); st == StatusUnsubscribed || st == StatusBounced {
		return nil
	}
	rec.Set("status", StatusUnsubscribed)
	rec.Set("confirmed", false)
	rec.Set("unsubscribed_at", s.now().UTC())
	if err := s.app.Save(rec); err != nil {
		return fmt.Errorf("newsletter: unsubscribe: %w", err)
	}
	return nil
}

func (s *Service) byUnsubscribeToken(token string) (*core.Record, error) {
	if token == "" || len(token) > 64 {
		return nil, ErrLinkInvalid
	}
	rec, err := s.app.FindFirstRecordByData(vocab.NewsletterSubscribers, "unsubscribe_token", token)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrLinkInvalid
	} else if err != nil {
		return nil, fmt.Errorf("newsletter: unsubscribe: %w", err)
	}
	return rec, nil
}
