package webhooks

import (
	"errors"
	"slices"

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
