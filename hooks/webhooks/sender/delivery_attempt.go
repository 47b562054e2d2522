package sender

import (
	"context"
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// maxStoredText is the length limit of last_error and response_excerpt in the schema.
const maxStoredText = 1000

// job is a due delivery with what its attempt needs, read by the pass that starts it.
type job struct {
	ID           string         `db:"id"`
	Subscription string         `db:"subscription"`
	URL          string         `db:"url"`
	Secret       string         `db:"secret"`
	EventID      string         `db:"event_id"`
	Event        string         `db:"event"`
	Data         types.JSONRaw  `db:"data"`
	EventCreated types.DateTime `db:"event_created"`
	Served       bool           `db:"served"` // the event's (MayReceive)

	msg    wire.Message // built by buildMessages
	msgErr error
}

// buildMessages builds the wire message of each job, decoding the data of each event once:
// a write fans out to every subscription, and the deliveries of one event are often started
// by the same pass. The messages share the decoded data, which nothing changes.
func buildMessages(jobs []job) {
	type decoded struct {
		data map[string]any
		err  error
	}
	byEvent := map[string]decoded{}
	for i := range jobs {
		j := &jobs[i]
		ev, ok := byEvent[j.EventID]
		if !ok {
			ev.data, ev.err = j.decodeData()
			byEvent[j.EventID] = ev
		}
		if j.msgErr = ev.err; j.msgErr == nil {
			j.msg = wire.Message{
				DeliveryID: wire.DeliveryIDPrefix + j.ID,
				EventID:    wire.EventIDPrefix + j.EventID,
				Event:      j.Event,
				Timestamp:  j.EventCreated.Time(), // the event's time, not the attempt's
				Data:       ev.data,
			}
		}
	}
}

// attempt makes one attempt of j and returns its result with the request headers sent (nil
// when no request could be built). allowPrivate is the site's policy, read by the pass that
// claimed j.
func (d *Dispatcher) attempt(ctx context.Context, j job, allowPrivate bool) (wire.Result, http.Header) {
	if j.msgErr != nil {
		d.app.Logger().Error("webhooks: build delivery", "delivery", j.ID, "error", j.msgErr)
		return wire.Result{Err: "the delivery could not be built", Outcome: wire.Failed}, nil
	}
	return d.Send(ctx, j.msg, j.URL, j.Secret, allowPrivate)
}

// Send signs msg for this attempt and posts it with the client the site's policy calls for
// (allowPrivate: the site's webhooks_allow_private). It returns the result and the request
// headers sent (nil when the request could not be built).
func (d *Dispatcher) Send(ctx context.Context, msg wire.Message, url, secret string, allowPrivate bool) (wire.Result, http.Header) {
	req, err := msg.Request(ctx, url, secret, d.now())
	if err != nil {
		d.app.Logger().Error("webhooks: build request", "delivery", msg.DeliveryID, "error", err)
		return wire.Result{Err: "the request could not be built", Outcome: wire.Failed}, nil
	}
	return wire.Send(ctx, d.client(allowPrivate), req, d.now), req.Header.Clone()
}

// decodeData decodes the event's data, keeping numbers as stored.
func (j *job) decodeData() (map[string]any, error) {
	data, err := wire.DecodeData(j.Data)
	if err != nil {
		return nil, fmt.Errorf("event %s data: %w", j.EventID, err)
	}
	return data, nil
}

// clipText shortens s to at most n characters.
func clipText(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}
