package sends

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Counts are a send's state and progress (no addresses).
type Counts struct {
	ID        string  `json:"id"`
	Post      string  `json:"post"`
	State     string  `json:"state"`
	EmailOnly bool    `json:"email_only"`
	Resend    bool    `json:"resend"`
	Audience  string  `json:"audience"`
	Total     int     `json:"total"`
	Pending   int     `json:"pending"`
	Sent      int     `json:"sent"`
	Failed    int     `json:"failed"`
	Bounced   int     `json:"bounced"`
	Started   *string `json:"started"`
	Finished  *string `json:"finished"`
	// Rate is the messages the server took per second since the start (to the end once
	// finished); 0 before the start.
	Rate float64 `json:"rate"`
}

// Status is the send of id with its counts.
func (s *Service) Status(id string) (Counts, error) {
	send, err := findSend(s.app, id)
	if err != nil {
		return Counts{}, err
	}
	return s.countsOf(send)
}

// countsOf is send with its counts.
func (s *Service) countsOf(send *core.Record) (Counts, error) {
	c := Counts{ID: send.Id, Post: send.GetString("post"), State: send.GetString("state"),
		EmailOnly: send.GetBool("email_only"), Resend: send.GetBool("resend"), Audience: send.GetString("audience"),
		Total: send.GetInt("total")}
	var rows []struct {
		State string `db:"state"`
		N     int    `db:"n"`
	}
	if err := s.app.DB().NewQuery(`SELECT state, count(*) AS n FROM ` + collectionDeliveries +
		` WHERE send = {:send} GROUP BY state`).Bind(dbx.Params{"send": send.Id}).All(&rows); err != nil {
		return Counts{}, err
	}
	for _, r := range rows {
		switch r.State {
		case DeliveryPending:
			c.Pending = r.N
		case DeliverySent:
			c.Sent = r.N
		case DeliveryFailed:
			c.Failed = r.N
		case DeliveryBounced:
			c.Bounced = r.N
		}
	}
	started, finished := send.GetDateTime("started_at"), send.GetDateTime("finished_at")
	if !started.IsZero() {
		c.Started = ptr(started.Time().UTC().Format(timeLayout))
		end := s.cfg.Now()
		if !finished.IsZero() {
			c.Finished = ptr(finished.Time().UTC().Format(timeLayout))
			end = finished.Time()
		}
		if secs := end.Sub(started.Time()).Seconds(); secs > 0 {
			c.Rate = float64(c.Sent) / secs
		}
	}
	return c, nil
}

// timeLayout is RFC 3339 with milliseconds, as the API writes times.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

func ptr[T any](v T) *T { return &v }
