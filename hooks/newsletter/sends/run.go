package sends

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/vocab"
)

// batchSize is how many deliveries are read at a time.
const batchSize = 500

// run works on send until it has no pending delivery (finished), the owner pauses or cancels
// it, or ctx ends.
func (s *Service) run(ctx context.Context, send *core.Record) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	s.mu.Lock()
	s.running, s.stop = send.Id, stop
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.running, s.stop = "", nil
		s.mu.Unlock()
	}()
	now := s.cfg.Now()
	if send.GetDateTime("started_at").IsZero() {
		send.Set("started_at", now)
	}
	send.Set("state", StateSending)
	if err := s.app.Save(send); err != nil {
		return err
	}
	head, srv, err := s.letterhead(send)
	if err != nil {
		return err
	}
	jobs := make(chan recipient)
	var workers sync.WaitGroup
	for range s.cfg.Concurrency {
		workers.Add(1)
		go func() {
			defer workers.Done()
			(&worker{s: s, head: head, srv: srv}).work(ctx, jobs)
		}()
	}
	defer func() {
		close(jobs)
		workers.Wait()
	}()
	for {
		batch, wait, err := s.due(head)
		if err != nil {
			return err
		}
		if len(batch) == 0 && wait < 0 {
			return s.finish(send.Id)
		}
		if len(batch) == 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
			continue
		}
		// The whole batch is done before the next is read: a delivery still in a worker's hands
		// is pending, and would be read again.
		var done sync.WaitGroup
		for _, r := range batch {
			r.done = done.Done
			done.Add(1)
			select {
			case jobs <- r:
			case <-ctx.Done():
				done.Done()
			}
		}
		done.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// letterhead is what the messages of send share, and the server they go to.
func (s *Service) letterhead(send *core.Record) (*letterhead, server, error) {
	srv, err := s.mailer()
	if err != nil {
		return nil, server{}, err
	}
	signer, err := s.dkim()
	if err != nil {
		return nil, server{}, err
	}
	meta := s.app.Settings().Meta
	host := signer.domain
	least, _ := vocab.AudienceAccess(send.GetString("audience")) // a select of the audiences
	subject := send.GetString("subject")
	return &letterhead{
		sendID: send.Id, fromName: meta.AppName, fromAddr: meta.SenderAddress,
		date: send.GetDateTime("started_at").Time(), listID: listID(meta.AppName, host),
		whole: rendered{Subject: subject, HTML: send.GetString("html"), Text: send.GetString("text")},
		cut:   rendered{Subject: subject, HTML: send.GetString("cut_html"), Text: send.GetString("cut_text")},
		least: least, visible: send.GetString("visibility"),
		signer: signer, msgIDHost: host,
	}, srv, nil
}

// listID is the List-Id header (RFC 2919) of the site's newsletter.
func listID(site, domain string) string {
	name := strings.NewReplacer("\"", "", "\r", "", "\n", "").Replace(site)
	return fmt.Sprintf("\"%s\" <newsletter.%s>", name, domain)
}

// due reads the next deliveries of the send of head to try now, each whole or cut by the
// subscriber's access level now (vocab.MayRead). With none due, wait is how long until the next
// deferred one is, or -1 when nothing is pending. Deliveries whose subscriber left, bounced or
// fell out of the audience (a member switched off, no longer paid) since the send was queued
// fail without a message.
func (s *Service) due(head *letterhead) ([]recipient, time.Duration, error) {
	sendID := head.sendID
	now := s.cfg.Now()
	var rows []struct {
		ID         string       `db:"id"`
		Subscriber string       `db:"subscriber"`
		Email      string       `db:"email"`
		Status     string       `db:"status"`
		Token      string       `db:"unsubscribe_token"`
		Access     vocab.Access `db:"access"`
	}
	err := s.app.DB().NewQuery(`SELECT d.id, d.subscriber, coalesce(s.email, '') AS email,
			coalesce(s.status, 'deleted') AS status, coalesce(s.unsubscribe_token, '') AS unsubscribe_token, ` + accessSQL + ` AS access
		FROM ` + collectionDeliveries + ` d LEFT JOIN ` + collectionSubscribers + ` s ON s.id = d.subscriber
		WHERE d.send = {:send} AND d.state = 'pending' AND d.next_at <= {:now}
		ORDER BY d.next_at, d.id LIMIT {:limit}`).
		Bind(dbx.Params{"send": sendID, "now": dateTime(now), "limit": batchSize}).All(&rows)
	if err != nil {
		return nil, 0, err
	}
	base := s.app.Settings().Meta.AppURL
	out := make([]recipient, 0, len(rows))
	for _, r := range rows {
		reason := ""
		switch {
		case r.Status != "confirmed":
			reason = "not sent: the subscriber is " + r.Status + " now"
		case r.Access < head.least:
			reason = "not sent: the subscriber is no longer in the send's audience (a " + r.Access.String() + " reader now)"
		}
		if reason != "" {
			if err := s.record(r.ID, DeliveryFailed, reason, now, 0); err != nil {
				return nil, 0, err
			}
			continue
		}
		out = append(out, recipient{deliveryID: r.ID, subscriberID: r.Subscriber, email: r.Email,
			unsubscribe: newsletter.UnsubscribeURL(base, r.Token), whole: vocab.MayRead(head.visible, r.Access)})
	}
	if len(out) > 0 || len(rows) > 0 {
		return out, 0, nil
	}
	var next struct {
		At string `db:"at"`
	}
	err = s.app.DB().NewQuery(`SELECT coalesce(min(next_at), '') AS at FROM ` + collectionDeliveries +
		` WHERE send = {:send} AND state = 'pending'`).Bind(dbx.Params{"send": sendID}).One(&next)
	if err != nil || next.At == "" {
		return nil, -1, err
	}
	at, err := types.ParseDateTime(next.At)
	if err != nil {
		return nil, 0, err
	}
	return nil, max(at.Time().Sub(now), time.Millisecond), nil
}

// finish marks the send finished unless the owner paused or cancelled it meanwhile, and
// announces it.
func (s *Service) finish(sendID string) error {
	res, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionSends + ` SET state = {:finished},
		finished_at = {:now}, updated = {:now} WHERE id = {:id} AND state = {:sending}`).
		Bind(dbx.Params{"finished": StateFinished, "sending": StateSending, "now": dateTime(s.cfg.Now()), "id": sendID}).Execute()
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	s.mu.Lock()
	announce := s.finished
	s.mu.Unlock()
	if announce == nil {
		return nil
	}
	c, err := s.Status(sendID)
	if err != nil {
		return err
	}
	send, err := findSend(s.app, sendID)
	if err != nil {
		return err
	}
	return announce(s.app, send, map[string]any{"id": c.ID, "post": c.Post, "email_only": c.EmailOnly, "resend": c.Resend,
		"total": c.Total, "sent": c.Sent, "failed": c.Failed, "bounced": c.Bounced, "started": c.Started, "finished": c.Finished})
}
