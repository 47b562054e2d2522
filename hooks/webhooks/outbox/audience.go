package outbox

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"

	"github.com/creator-content-api/server/hooks/keys"
)

// ErrPersonalDataForBrowserKey: a browser key asked for events that carry personal data
// (polling them, or registering a push subscription that would receive them).
var ErrPersonalDataForBrowserKey = errors.New("events with personal data are for server keys only (keys without allowed origins)")

// CheckAudience is the one rule for personal data wherever an event leaves the server (the
// poll, push registration, each push, and any later stream): a browser key may not receive an
// event that carries personal data. events are the event names asked for; none means every
// event. k nil is the owner (the console, the admin API), who may receive everything.
func CheckAudience(k *keys.Key, events []string) error {
	if !k.Browser() {
		return nil
	}
	if len(events) == 0 || slices.ContainsFunc(events, vocab.PersonalData) {
		return ErrPersonalDataForBrowserKey
	}
	return nil
}

// ServedContentOnly reports whether k sees content events only for content the v1 API
// serves (published, public, its time come): browser keys do; server keys and the owner see
// every event, as the specification says.
func ServedContentOnly(k *keys.Key) bool { return k.Browser() }

// WithheldUnserved is the last_error of a delivery withheld, never pushed: its event's content
// was not served when it fired (a draft, not public, scheduled), and the subscription's key is
// a browser key, which receives served content only (MayReceive).
const WithheldUnserved = "withheld: the content was not served (a draft, not public or scheduled) and the subscription's key is a browser key"

// MayReceive is the one "served only" rule of every path an event leaves by (the poll, the
// stream, each push at its attempt, a recovery): k receives an event whose
// content v1 served when it fired (served), and only a key that is not ServedContentOnly
// receives the others. The poll and the stream apply it as SQL (served = true when
// ServedContentOnly).
func MayReceive(k *keys.Key, served bool) bool { return Receives(ServedContentOnly(k), served) }

// Receives is MayReceive for a key known to be servedOnly or not (ServedContentOnly).
func Receives(servedOnly, served bool) bool { return served || !servedOnly }

// keyServedOnly is ServedContentOnly of the API key id ("" or a key deleted since: the
// owner's subscription, which receives everything).
func keyServedOnly(app core.App, id string) (bool, error) {
	if id == "" {
		return false, nil
	}
	rec, err := app.FindRecordById(vocab.APIKeys, id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("webhooks: key of a subscription: %w", err)
	}
	return ServedContentOnly(keys.FromRecord(rec)), nil
}
