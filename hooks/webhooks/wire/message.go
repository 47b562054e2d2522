package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// TimestampFormat is the layout of the body's timestamp: RFC 3339 in UTC with
// exactly three fractional digits, e.g. 2026-11-21T20:10:25.123Z.
const TimestampFormat = "2006-01-02T15:04:05.000Z"

// Id prefixes on the wire: evt_<event id>, dlv_<delivery id>.
const (
	EventIDPrefix    = "evt_"
	DeliveryIDPrefix = "dlv_"
)

// ErrMessageInvalid means a Message lacks a field every delivery needs.
var ErrMessageInvalid = errors.New("invalid webhook message")

// Message is one delivery of one event to one subscription.
type Message struct {
	// DeliveryID (dlv_...) is unique per (event, subscription) and the same
	// on every retry; it is X-Service-Delivery and webhook-id.
	DeliveryID string
	// EventID (evt_...) is the stable event id, the body's "id".
	EventID string
	// Event is the event name, e.g. content.created.
	Event string
	// Timestamp is when the event happened, not when it is sent.
	Timestamp time.Time
	// Data is the event's data object; nil is sent as {}.
	Data map[string]any
}

// body is the wire shape; the field order is the order on the wire.
type body struct {
	ID        string         `json:"id"`
	Event     string         `json:"event"`
	Timestamp string         `json:"timestamp"`
	Data      map[string]any `json:"data"`
}

// DecodeData decodes an event's stored or received data object for a Message, keeping numbers
// exactly as written (amounts go out as stored); empty or null is the empty object.
func DecodeData(raw []byte) (map[string]any, error) {
	data := map[string]any{}
	if len(raw) == 0 || string(raw) == "null" {
		return data, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&data); err != nil {
		return nil, err
	}
	return data, nil
}

// Body returns the JSON body {"id", "event", "timestamp", "data"}. The
// result is deterministic (map keys sorted), and it is these exact bytes that
// are signed, so build it once per attempt.
func (m Message) Body() ([]byte, error) {
	data := m.Data
	if data == nil {
		data = map[string]any{}
	}
	b, err := json.Marshal(body{
		ID:        m.EventID,
		Event:     m.Event,
		Timestamp: m.Timestamp.UTC().Format(TimestampFormat),
		Data:      data,
	})
	if err != nil {
		return nil, fmt.Errorf("webhook: encode body of %s: %w", m.DeliveryID, err)
	}
	return b, nil
}

// Request builds the signed POST of m to url. now is the attempt time: it
// goes into X-Service-Timestamp and webhook-timestamp and into the Standard
// Webhooks signature, so each retry is signed afresh with its own time. The
// URL is not validated here; deliver with a client from NewClient.
func (m Message) Request(ctx context.Context, url, secret string, now time.Time) (*http.Request, error) {
	if m.DeliveryID == "" || m.EventID == "" || m.Event == "" {
		return nil, fmt.Errorf("%w: delivery id, event id and event are required", ErrMessageInvalid)
	}
	b, err := m.Body()
	if err != nil {
		return nil, err
	}
	standardSig, err := SignStandard(secret, m.DeliveryID, now, b)
	if err != nil {
		return nil, fmt.Errorf("webhook: sign %s: %w", m.DeliveryID, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("webhook: build request for %s: %w", m.DeliveryID, err)
	}
	unix := strconv.FormatInt(now.Unix(), 10)
	h := req.Header
	h.Set("Content-Type", ContentTypeJSON)
	h.Set("User-Agent", UserAgent)
	h.Set(HeaderEvent, m.Event)
	h.Set(HeaderDelivery, m.DeliveryID)
	h.Set(HeaderSignature, Sign(secret, b))
	h.Set(HeaderTimestamp, unix)
	h.Set(HeaderWebhookID, m.DeliveryID)
	h.Set(HeaderWebhookTimestamp, unix)
	h.Set(HeaderWebhookSignature, standardSig)
	return req, nil
}
