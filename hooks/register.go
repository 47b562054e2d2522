// Package hooks binds every concept's record hooks, jobs and background workers to the app:
// whoever changes a record (our API, PocketBase's records API, the dashboard, /api/batch, Go
// code), the concept that owns it keeps its rules. Register is the table of contents; the
// order in which the bound record hooks run is hookorder's table. Each concept lives in its
// own package:
//
//   - keys: the API key (format, store, scopes, the owner's operations, the `keys` command);
//   - content: slugs, publication and the publish job, the search index, the feed settings
//     (and the `seed` command in content/seed);
//   - webhooks: events, the outbox, the dispatcher, subscriptions, the `webhooks` command
//     (the wire format in webhooks/wire, `webhooks listen` in webhooks/listen);
//   - maintenance: the database upkeep of a replicated data directory;
//   - revisions: the history of content records (every update and delete keeps the values
//     it replaced), the owner's diff and restore, and its pruning;
//   - previews: the owner's preview links to records not yet published, and their pruning;
//   - changes: the generation of each area of stored data (content, keys), which the caches
//     of reads and keys compare to know that nothing they hold has changed.
package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/maintenance"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/webhooks"
)

// Config is everything the hooks take from outside; main.go fills it.
type Config struct {
	// Now is the clock for publication, event times and the delivery schedule; nil means
	// time.Now.
	Now func() time.Time
	// Webhooks sizes the dispatcher; its Now is always Config.Now.
	Webhooks webhooks.Config
	// Revisions sets the revisions' retention; its Now is always Config.Now.
	Revisions revisions.Config
	// Previews sets the preview links' lifetimes; its Now is always Config.Now.
	Previews previews.Config
	// Newsletter is how newsletter sends are mailed (SMTP, rates, DKIM key). Its clock is its
	// own (real time unless set): a send's retries wait on it.
	Newsletter sends.Config
	// Replicated says Litestream replicates data.db: PocketBase's daily maintenance then
	// leaves data.db's checkpoints to Litestream (maintenance.BindReplicationFriendlyMaintenance).
	Replicated bool
}

// Bound are the handles of what Register bound, for the routes, the commands and the tests.
type Bound struct {
	// Webhooks is the webhook machinery: test deliveries, redeliveries, the dispatcher.
	Webhooks *webhooks.Service
	// Publish is the publish job.
	Publish *content.PublishJob
	// Changes hands out the generations of the content and the keys, for the read cache and
	// the key cache.
	Changes *changes.Watcher
	// Revisions lists, compares, restores and prunes the revisions of content records.
	Revisions *revisions.Service
	// Previews makes, resolves and revokes preview links.
	Previews *previews.Service
	// Newsletter queues, runs and steers the newsletter's sends.
	Newsletter *sends.Service
}

// Register binds every hook, job and background worker to app.
func Register(app core.App, cfg Config) *Bound {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ch := changes.Register(app, changes.Config{Now: cfg.Now})
	keys.BindGuards(app)
	keys.BindLogRedaction(app)
	newsletter.BindSubscriberStatus(app, cfg.Now)
	content.BindSlugs(app)
	content.BindSearchIndex(app)
	content.BindPublication(app, cfg.Now)
	content.BindFeedSettings(app)
	content.BindFileAccess(app, cfg.Now)
	content.BindState(app, cfg.Now)
	wcfg := cfg.Webhooks
	wcfg.Now = cfg.Now
	wcfg.KeyGeneration = func() uint64 { return ch.Generation(changes.Keys) }
	w := webhooks.Bind(app, wcfg)
	rcfg := cfg.Revisions
	rcfg.Now = cfg.Now
	revs := revisions.Bind(app, rcfg)
	pcfg := cfg.Previews
	pcfg.Now = cfg.Now
	prev := previews.Bind(app, pcfg)
	// The job marks a record published with a plain UPDATE, which no model hook sees: it says
	// so itself, so that cached reads show the record at once.
	publish := content.BindPublishJob(app, cfg.Now, w.AnnouncePublished, func() { ch.Changed(changes.Content) })
	if cfg.Replicated {
		maintenance.BindReplicationFriendlyMaintenance(app)
	}
	letters := sends.Bind(app, cfg.Newsletter)
	letters.OnFinished(w.AnnounceNewsletterSent)
	return &Bound{Webhooks: w, Publish: publish, Changes: ch, Revisions: revs, Previews: prev, Newsletter: letters}
}
