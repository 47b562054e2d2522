// Package hooks owns what happens when records change, whoever changes them (our API,
// PocketBase's records API, the dashboard, /api/batch, Go code): slugs are filled in, and
// webhook events and their deliveries are written in the same transaction as the change
// (posts, projects, pages, purchases, enrollments, testimonials, newsletter_subscribers),
// then pushed by a background dispatcher with retries, and pruned after 7 days by the cron
// job ccaWebhookPrune. Posts, projects and pages saved as not drafts get a published_at,
// and a publish job fires content.published for scheduled ones when their time comes. Every
// save of a webhook subscription keeps the registration rules, and revoking an API key switches
// off the subscriptions it registered.
package hooks

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Default sizes of the dispatcher's worker pool.
const (
	// DefaultWorkers is how many deliveries are attempted at once. An attempt still running
	// after a tenth of the attempt time-out gives its worker back, so receivers that hang
	// cannot take every worker either.
	DefaultWorkers = 8
	// DefaultPerSubscription is how many of them may go to one subscription, so one slow
	// receiver cannot take every worker.
	DefaultPerSubscription = 2
)

// Config is everything the hooks take from outside; main.go fills it.
type Config struct {
	// Now is the clock for event times and the delivery schedule; nil means time.Now.
	Now func() time.Time
	// Workers bounds the attempts in flight that are not slow (running for less than a tenth
	// of AttemptTimeout); 0 means DefaultWorkers.
	Workers int
	// PerSubscription bounds the attempts in flight to one subscription; 0 means
	// DefaultPerSubscription.
	PerSubscription int
	// AttemptTimeout bounds one delivery attempt; 0 means webhook.DefaultTimeout (10 s).
	AttemptTimeout time.Duration
	// Client returns the HTTP client for a delivery; allowPrivate is the site's
	// webhooks_allow_private at the time of the attempt. nil means webhook.NewClient with
	// AttemptTimeout (SSRF-guarded unless allowPrivate, no redirects).
	Client func(allowPrivate bool) *http.Client
	// Replicated says Litestream replicates data.db: PocketBase's daily maintenance then
	// leaves data.db's checkpoints to Litestream (see bindReplicationFriendlyMaintenance).
	Replicated bool
}

// Register binds every hook, job and background worker to app and returns the webhook
// dispatcher's handle, which the admin routes use for test deliveries and redeliveries.
func Register(app core.App, cfg Config) *Webhooks {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	bindSlugs(app)
	bindSearchIndex(app)
	bindPublication(app, cfg.Now)
	bindFeedSettings(app)
	if cfg.Replicated {
		bindReplicationFriendlyMaintenance(app)
	}
	return bindWebhooks(app, cfg)
}
