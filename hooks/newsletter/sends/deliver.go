package sends

import (
	"bytes"
	"context"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"
)

// worker is one of a send's workers: it keeps an SMTP session open and hands it the messages
// one after another, at the service's rate, recording each outcome.
type worker struct {
	s       *Service
	head    *letterhead
	srv     server
	session *conn
	used    bool // the session has carried a message: a broken pipe may just be its age
	buf     bytes.Buffer
}

// work delivers the jobs until the channel closes, then ends its session.
func (w *worker) work(ctx context.Context, jobs <-chan recipient) {
	for r := range jobs {
		w.deliver(ctx, r)
		r.done()
	}
	if w.session != nil {
		w.session.close()
	}
}

// deliver hands r's message to the server (on a new session, once, when the one in hand turns
// out closed) and records the outcome.
func (w *worker) deliver(ctx context.Context, r recipient) {
	s := w.s
	if err := s.wait(ctx); err != nil {
		return // stopping: the delivery stays pending
	}
	if err := w.head.compose(&w.buf, r); err != nil {
		s.logFailure(r, s.record(r.deliveryID, DeliveryFailed, "not sent: "+err.Error(), s.cfg.Now(), 1))
		return
	}
	for try := 0; ; try++ {
		if w.session == nil {
			var err error
			if w.session, err = dial(ctx, w.srv, w.head.msgIDHost); err != nil {
				// The server, not the address: put the message back without using up an attempt.
				s.logFailure(r, s.postpone(r.deliveryID, err.Error()))
				return
			}
			w.used = false
		}
		v, reply, goOn := w.session.send(w.head.fromAddr, r.email, w.buf.Bytes())
		if !goOn {
			w.session.close()
			w.session = nil
		}
		if v == busy {
			s.logFailure(r, s.postpone(r.deliveryID, reply))
			return
		}
		if v == deferred && !goOn && w.used && try == 0 {
			continue // a session the server closed after some messages: once more on a new one
		}
		w.used = true
		s.logFailure(r, s.outcome(r, v, reply))
		return
	}
}

// wait takes a slot of the per-second and per-hour rates.
func (s *Service) wait(ctx context.Context) error {
	if err := s.perSecond.Wait(ctx); err != nil {
		return err
	}
	if s.perHour != nil {
		return s.perHour.Wait(ctx)
	}
	return nil
}

// outcome records what the server said about r's message.
func (s *Service) outcome(r recipient, v verdict, reply string) error {
	now := s.cfg.Now()
	switch v {
	case accepted:
		return s.record(r.deliveryID, DeliverySent, "", now, 1)
	case refused:
		if err := s.record(r.deliveryID, DeliveryBounced, reply, now, 1); err != nil {
			return err
		}
		_, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionSubscribers +
			` SET status = 'bounced', updated = {:now} WHERE id = {:id} AND status = 'confirmed'`).
			Bind(dbx.Params{"id": r.subscriberID, "now": dateTime(now)}).Execute()
		return err
	}
	var d struct {
		Attempts int `db:"attempts"`
	}
	if err := s.app.DB().NewQuery(`SELECT attempts FROM ` + collectionDeliveries + ` WHERE id = {:id}`).
		Bind(dbx.Params{"id": r.deliveryID}).One(&d); err != nil {
		return err
	}
	if d.Attempts+1 >= s.cfg.MaxAttempts {
		return s.record(r.deliveryID, DeliveryFailed, reply, now, 1)
	}
	_, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionDeliveries + ` SET attempts = attempts + 1,
		next_at = {:next}, reply = {:reply}, updated = {:now} WHERE id = {:id} AND state = 'pending'`).
		Bind(dbx.Params{"id": r.deliveryID, "reply": clip(reply), "now": dateTime(now), "next": dateTime(now.Add(s.cfg.retryDelay(d.Attempts + 1)))}).Execute()
	return err
}

// postpone puts a delivery back for ServerRetry without counting an attempt: the server could
// not be reached, or said it is busy (421).
func (s *Service) postpone(deliveryID, reason string) error {
	_, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionDeliveries + ` SET next_at = {:next},
		reply = {:reply}, updated = {:now} WHERE id = {:id} AND state = 'pending'`).
		Bind(dbx.Params{"id": deliveryID, "reply": clip(reason), "now": dateTime(s.cfg.Now()), "next": dateTime(s.cfg.Now().Add(s.cfg.ServerRetry))}).Execute()
	return err
}

// record ends a delivery in state, adding attempts.
func (s *Service) record(deliveryID, state, reply string, now time.Time, attempts int) error {
	sentAt := ""
	if state == DeliverySent {
		sentAt = dateTime(now)
	}
	_, err := s.app.NonconcurrentDB().NewQuery(`UPDATE ` + collectionDeliveries + ` SET state = {:state},
		attempts = attempts + {:attempts}, sent_at = {:sent}, reply = {:reply}, updated = {:now} WHERE id = {:id}`).
		Bind(dbx.Params{"id": deliveryID, "state": state, "attempts": attempts, "sent": sentAt, "reply": clip(reply),
			"now": dateTime(now)}).Execute()
	return err
}

// logFailure logs an outcome that could not be recorded (the delivery stays pending and is
// tried again: a repeat, with the same Message-ID, rather than a loss).
func (s *Service) logFailure(r recipient, err error) {
	if err != nil {
		s.app.Logger().Error("newsletter: record a delivery", "delivery", r.deliveryID, "error", err)
	}
}

// dateTime is t in PocketBase's stored date layout.
func dateTime(t time.Time) string {
	dt, _ := types.ParseDateTime(t)
	return dt.String()
}

// clip bounds a server's reply to what the reply field holds.
func clip(s string) string {
	if len(s) > 1000 {
		return s[:1000]
	}
	return s
}
