package listen

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Event is one event as the poll API returns it, the same object a push carries.
type Event struct {
	ID        string          `json:"id"`
	Event     string          `json:"event"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// Forwarder sends events to a local URL as signed pushes. The request is built by
// wire.Message.Request and sent by wire.Send, as the server's sender does, so a
// receiver cannot tell a forward from a push except by the secret.
type Forwarder struct {
	// URL is the local receiver, e.g. http://localhost:3000/webhook.
	URL string
	// Secret signs every forward (see Secret).
	Secret string
	// Client sends the forwards. It is not wire.NewClient's: a loopback receiver is the
	// point here, and the URL comes from the person at the terminal.
	Client *http.Client
	// Now is the clock of the signatures and durations.
	Now func() time.Time
}

// Message turns a polled event into the wire message the server's sender would build for it:
// the data decoded with numbers kept exactly, the event's own time, a stable delivery id.
func Message(ev Event) (wire.Message, error) {
	at, err := time.Parse(time.RFC3339Nano, ev.Timestamp)
	if err != nil {
		return wire.Message{}, fmt.Errorf("event %s: timestamp %q: %w", ev.ID, ev.Timestamp, err)
	}
	data, err := wire.DecodeData(ev.Data)
	if err != nil {
		return wire.Message{}, fmt.Errorf("event %s data: %w", ev.ID, err)
	}
	return wire.Message{DeliveryID: DeliveryID(ev.ID), EventID: ev.ID, Event: ev.Event, Timestamp: at, Data: data}, nil
}

// Forward makes one signed attempt of ev and returns the receiver's answer. A failed attempt
// is not retried: the listener reports it and moves on, as `stripe listen` does.
func (f *Forwarder) Forward(ctx context.Context, ev Event) (wire.Result, error) {
	msg, err := Message(ev)
	if err != nil {
		return wire.Result{}, err
	}
	req, err := msg.Request(ctx, f.URL, f.Secret, f.Now())
	if err != nil {
		return wire.Result{}, err
	}
	return wire.Send(ctx, f.Client, req, f.Now), nil
}
