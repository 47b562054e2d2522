// Package hooks owns what happens when records change, whoever changes them (our API,
// PocketBase's records API, the dashboard, Go code): slugs are filled in, and webhook events
// and their deliveries are written in the same transaction as the change, then pushed by a
// background sender with retries, and pruned after 7 days.
package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Config is everything the hooks take from outside; main.go fills it.
type Config struct {
	// Now is the clock for event times and the delivery schedule; nil means time.Now.
	Now func() time.Time
}

// Register binds every hook, job and background worker to app.
func Register(app core.App, cfg Config) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	bindSlugs(app)
	bindWebhooks(app, cfg)
}
