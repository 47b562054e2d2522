package sends

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
)

// Options are the owner's choices for one send.
type Options struct {
	// EmailOnly mails a draft: the post stays off the site and out of the feeds (a draft is
	// never served, vocab.Served) and the letter has no link to it.
	EmailOnly bool
	// Resend mails a post that was mailed before. Nothing else ever does: no edit, publication,
	// import or restore queues a send.
	Resend bool
	// Audience is whom among the confirmed subscribers the send mails (vocab.NewsletterAudiences;
	// empty is everyone).
	Audience string
}

// audience is opt's audience and the least access level of its recipients.
func (opt Options) audience() (string, vocab.Access, error) {
	a := opt.Audience
	if a == "" {
		a = vocab.AudienceEveryone
	}
	least, ok := vocab.AudienceAccess(a)
	if !ok {
		return "", vocab.AccessPublic, ErrUnknownAudience
	}
	return a, least, nil
}

// Queue renders the post once for the readers who may read it whole and, when some of the
// audience may not (vocab.MayRead), once cut at the members-only marker with a sign-in link;
// then it queues its send: one pending delivery per subscriber of the audience confirmed now.
// It answers the send record.
func (s *Service) Queue(postID string, opt Options) (*core.Record, error) {
	audience, least, err := opt.audience()
	if err != nil {
		return nil, err
	}
	if _, err := s.mailer(); err != nil {
		return nil, err
	}
	post, err := s.app.FindRecordById(collectionPosts, postID)
	if err != nil {
		return nil, ErrPostNotFound
	}
	if err := mailable(post, opt, s.cfg.Now()); err != nil {
		return nil, err
	}
	link := ""
	if !opt.EmailOnly {
		feeds, err := content.ReadFeedSettings(s.app)
		if err != nil {
			return nil, err
		}
		if feeds.SiteURL != "" {
			link = feeds.PostURL(post.Id, post.GetString("slug"))
		}
	}
	visibility := post.GetString(vocab.FieldVisibility)
	meta := s.app.Settings().Meta
	body, err := render(post, meta.AppName, meta.AppURL, link, false)
	if err != nil {
		return nil, fmt.Errorf("newsletter: render the post: %w", err)
	}
	var cut rendered
	if !vocab.MayRead(visibility, least) {
		if link == "" {
			return nil, ErrNoSignInLink
		}
		if cut, err = render(post, meta.AppName, meta.AppURL, link, true); err != nil {
			return nil, fmt.Errorf("newsletter: render the post's preview: %w", err)
		}
	}
	var send *core.Record
	err = s.app.RunInTransaction(func(tx core.App) error {
		if !opt.Resend {
			n, err := tx.CountRecords(collectionSends, dbx.HashExp{"post": post.Id})
			if err != nil {
				return err
			}
			if n > 0 {
				return ErrAlreadySent
			}
		}
		col, err := tx.FindCollectionByNameOrId(collectionSends)
		if err != nil {
			return err
		}
		send = core.NewRecord(col)
		send.Set("post", post.Id)
		send.Set("state", StateQueued)
		send.Set("email_only", opt.EmailOnly)
		send.Set("resend", opt.Resend)
		send.Set("subject", body.Subject)
		send.Set("html", body.HTML)
		send.Set("text", body.Text)
		send.Set("audience", audience)
		send.Set("visibility", visibility)
		send.Set("cut_html", cut.HTML)
		send.Set("cut_text", cut.Text)
		if err := tx.Save(send); err != nil {
			return err
		}
		// One row per confirmed subscriber of the audience, written by SQLite itself: 100,000
		// subscribers are one statement, not 100,000 saves.
		res, err := tx.DB().NewQuery(`INSERT INTO ` + collectionDeliveries + ` (id, send, subscriber, state, attempts, next_at, sent_at, reply, created, updated)
			SELECT lower(substr(hex(randomblob(8)), 1, 15)), {:send}, s.id, {:pending}, 0, '', '', '', {:now}, {:now}
			FROM ` + collectionSubscribers + ` s WHERE s.status = 'confirmed' AND ` + accessSQL + ` >= {:least}`).
			Bind(dbx.Params{"send": send.Id, "pending": DeliveryPending, "now": dateTime(s.cfg.Now()), "least": int(least)}).Execute()
		if err != nil {
			return err
		}
		total, _ := res.RowsAffected()
		send.Set("total", total)
		return tx.Save(send)
	})
	if err != nil {
		return nil, err
	}
	s.wake()
	return send, nil
}

// mailable reports why post may not be mailed with opt, or nil.
func mailable(post *core.Record, opt Options, now time.Time) error {
	if !slices.Contains(vocab.ListedVisibilities(), post.GetString(vocab.FieldVisibility)) {
		return ErrPostNotPublic
	}
	draft := post.GetBool(vocab.FieldDraft)
	switch {
	case opt.EmailOnly && !draft:
		return ErrPostOnSite // published or scheduled: it is, or will be, on the site
	case !opt.EmailOnly && !vocab.Published(draft, post.GetDateTime(vocab.FieldPublishedAt).Time(), now):
		return ErrPostNotPublished
	}
	return nil
}

// findSend is the send of id.
func findSend(app core.App, id string) (*core.Record, error) {
	rec, err := app.FindRecordById(collectionSends, id)
	if errors.Is(err, sql.ErrNoRows) || rec == nil {
		return nil, ErrSendNotFound
	}
	return rec, err
}
