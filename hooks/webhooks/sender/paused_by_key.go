package sender

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
)

// Why a subscription's pushes are held (paused_reason): the API key that registered it could
// not register it now. Its deliveries stay pending, and its events are kept, so nothing is lost
// when the key comes back (switched on again, a later expiry, the scope again, its origins
// removed); they are then pushed in order. A rotated key is the same key: its subscriptions
// keep delivering. A deleted key switches its subscriptions off instead (subscriptions/key_revocation.go).
const (
	PausedKeyDisabled = "key_disabled" // the key is switched off
	PausedKeyExpired  = "key_expired"  // the key's expiry has passed
	PausedKeyScope    = "key_scope"    // the key no longer holds write:webhooks (or webhooks)
	// PausedKeyBrowser: the key has allowed origins now, and the subscription receives events
	// with personal data, which are for server keys only (CheckAudience).
	PausedKeyBrowser = "key_browser"
)

// heldRecheck is how often the dispatcher looks again at the keys while it holds the pushes
// of some subscription: a key switched on again by another process (a `keys` command) is seen
// within it, plus changes.CheckInterval.
const heldRecheck = time.Second

// pausedReason is why a subscription of events registered by k may not be pushed at now, ""
// when k could register it now: active, not expired, holding the registration's scope, and
// allowed the events (CheckAudience). k nil is a key that no longer exists: its revocation
// switched the subscription off (subscriptions/key_revocation.go), and one the owner switched on again is
// the owner's, not held.
func pausedReason(k *keys.Key, events []string, now time.Time) string {
	if k == nil {
		return ""
	}
	switch err := k.Usable(now); {
	case errors.Is(err, keys.ErrDisabled):
		return PausedKeyDisabled
	case errors.Is(err, keys.ErrExpired):
		return PausedKeyExpired
	}
	if !keys.Grants(k.Scopes, keys.ScopeWriteWebhooks) {
		return PausedKeyScope
	}
	if outbox.CheckAudience(k, events) != nil {
		return PausedKeyBrowser
	}
	return ""
}

// keyedSubscription is what the gate reads of a subscription a key registered.
type keyedSubscription struct {
	ID     string                  `db:"id"`
	APIKey string                  `db:"api_key"`
	Events types.JSONArray[string] `db:"events"`
}

// gateView is what the gate says of the subscriptions registered by keys at a look: those
// whose pushes are held, with the reason, and those whose key receives served content only
// (ServedContentOnly: their deliveries of other content are withheld at the attempt, as at the
// fan-out, should the key have become a browser key since).
type gateView struct {
	paused     map[string]string
	servedOnly map[string]bool
}

// pausedSubscriptions maps every subscription registered by a key that could not register it
// at now to the reason, and notes those whose key receives served content only; it returns
// the earliest expiry after now of those keys (zero: none), when the answer may change
// without a change of the keys.
func pausedSubscriptions(app core.App, now time.Time) (gateView, time.Time, error) {
	view := gateView{paused: map[string]string{}, servedOnly: map[string]bool{}}
	if err := subscriptions.Provisioned(app); err != nil {
		return view, time.Time{}, nil // not provisioned: nothing to hold
	}
	var subs []keyedSubscription
	err := app.DB().Select("id", "api_key", "events").From(vocab.WebhookSubscriptions).
		Where(dbx.NewExp("[[api_key]] != ''")).All(&subs)
	if err != nil {
		return view, time.Time{}, fmt.Errorf("webhooks: subscriptions with keys: %w", err)
	}
	if len(subs) == 0 {
		return view, time.Time{}, nil
	}
	ids := make([]string, 0, len(subs))
	for _, s := range subs {
		ids = append(ids, s.APIKey)
	}
	recs, err := app.FindRecordsByIds(vocab.APIKeys, ids)
	if err != nil {
		return view, time.Time{}, fmt.Errorf("webhooks: keys of subscriptions: %w", err)
	}
	byID := make(map[string]*keys.Key, len(recs))
	var next time.Time
	for _, rec := range recs {
		k := keys.FromRecord(rec)
		byID[k.ID] = k
		if k.Expiry.After(now) && (next.IsZero() || k.Expiry.Before(next)) {
			next = k.Expiry
		}
	}
	for _, s := range subs {
		k := byID[s.APIKey]
		if reason := pausedReason(k, s.Events, now); reason != "" {
			view.paused[s.ID] = reason
		}
		if outbox.ServedContentOnly(k) {
			view.servedOnly[s.ID] = true
		}
	}
	return view, next, nil
}

// PausedReasons maps each subscription whose pushes are held now, because the key that
// registered it could not register it now, to the reason (PausedKey…); the others are absent.
func (d *Dispatcher) PausedReasons() (map[string]string, error) {
	view, _, err := pausedSubscriptions(d.app, d.now())
	return view.paused, err
}

// bindKeyGate tells d's gate of this process's changes at once: a subscription saved or
// deleted (its events, its key), and a key changed (the dispatcher looks again, so a key
// switched on again is pushed for without waiting for heldRecheck). Other processes' key
// changes move the keys' generation, which the gate compares at every pass.
func bindKeyGate(app core.App, d *Dispatcher) {
	subs := &hook.Handler[*core.ModelEvent]{
		Id: hookorder.WebhooksGateSubscriptions, Priority: hookorder.WebhooksGateSubscriptionsPriority,
		Func: func(e *core.ModelEvent) error {
			d.gate.subscriptionsChanged()
			return e.Next()
		}}
	app.OnModelAfterCreateSuccess(vocab.WebhookSubscriptions).Bind(subs)
	app.OnModelAfterUpdateSuccess(vocab.WebhookSubscriptions).Bind(subs)
	app.OnModelAfterDeleteSuccess(vocab.WebhookSubscriptions).Bind(subs)
	app.OnModelAfterUpdateSuccess(vocab.APIKeys).Bind(&hook.Handler[*core.ModelEvent]{
		Id: hookorder.WebhooksGateKeys, Priority: hookorder.WebhooksGateKeysPriority,
		Func: func(e *core.ModelEvent) error {
			d.Rescan()
			return e.Next()
		}})
}

// keyGate is the dispatcher's copy of pausedSubscriptions: it is read again when the keys'
// generation moves (any process's change of a key), when a subscription changes in this
// process, and when the earliest expiry among the keys comes.
type keyGate struct {
	app    core.App
	now    func() time.Time
	keyGen func() uint64 // nil: read again at every look

	mu      sync.Mutex
	loaded  bool
	gen     uint64
	subsGen uint64
	until   time.Time // zero: no expiry ahead
	view    gateView

	subsChanged uint64 // moved by the subscription hooks; guarded by mu
}

// subscriptionsChanged notes a change of a subscription (its events, a new one).
func (g *keyGate) subscriptionsChanged() {
	g.mu.Lock()
	g.subsChanged++
	g.mu.Unlock()
}

// look returns what the gate says now, and whether a subscription that was held is not any
// more (its deliveries are due again).
func (g *keyGate) look() (view gateView, released bool, err error) {
	now := g.now()
	var gen uint64
	if g.keyGen != nil {
		gen = g.keyGen()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	fresh := g.loaded && g.keyGen != nil && gen == g.gen && g.subsGen == g.subsChanged &&
		(g.until.IsZero() || now.Before(g.until))
	if fresh {
		return g.view, false, nil
	}
	subsGen := g.subsChanged
	v, until, err := pausedSubscriptions(g.app, now)
	if err != nil {
		return g.view, false, err
	}
	for id := range g.view.paused {
		if _, still := v.paused[id]; !still {
			released = true
		}
	}
	g.loaded, g.gen, g.subsGen, g.until, g.view = true, gen, subsGen, until, v
	return v, released, nil
}

// holding reports whether the pushes of some subscription were held at the last look.
func (g *keyGate) holding() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.view.paused) > 0
}
