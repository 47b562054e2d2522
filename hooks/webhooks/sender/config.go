package sender

import (
	"net/http"
	"time"
)

// Default sizes of the dispatcher's worker pool.
const (
	// DefaultWorkers is how many deliveries are attempted at once: enough for tens of
	// subscriptions on fast receivers, whose attempts take a millisecond or two and whose
	// results are recorded after the worker is free (issue 12: 8 kept 1,000 deliveries a
	// second waiting). An attempt still running after a tenth of the attempt time-out gives its
	// worker back, so receivers that hang cannot take every worker either.
	DefaultWorkers = 64
	// DefaultPerSubscription is how many of them may go to one subscription, so one slow
	// receiver cannot take every worker.
	DefaultPerSubscription = 2
)

// Config is everything the sender takes from outside.
type Config struct {
	// Now is the clock for event times and the delivery schedule; nil means time.Now.
	Now func() time.Time
	// Workers bounds the attempts in flight that are not slow (running for less than a tenth
	// of AttemptTimeout); 0 means DefaultWorkers.
	Workers int
	// PerSubscription bounds the attempts in flight to one subscription; 0 means
	// DefaultPerSubscription.
	PerSubscription int
	// AttemptTimeout bounds one delivery attempt; 0 means wire.DefaultTimeout (10 s).
	AttemptTimeout time.Duration
	// KeyGeneration is the keys' generation (hooks/changes, area Keys): the dispatcher reads
	// the keys of the subscriptions again when it moves, to hold the pushes of those whose key
	// could not register them now (paused_by_key.go). nil reads them at every pass.
	KeyGeneration func() uint64
	// Client returns the HTTP client for a delivery; allowPrivate is the site's
	// webhooks_allow_private at the time of the attempt. nil means wire.NewClient with
	// AttemptTimeout (SSRF-guarded unless allowPrivate, no redirects).
	Client func(allowPrivate bool) *http.Client
}
