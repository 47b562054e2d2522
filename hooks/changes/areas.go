package changes

import "github.com/creator-content-api/server/hooks/vocab"

// Areas of stored data, each with a generation that any committed write to one of its tables
// moves.
const (
	// Content is everything a public read (v1 and v2) renders: the served collections, and
	// the schema (a view renders a record by its collection's fields, a file URL from the
	// Application URL), whose changes move Content's generation too.
	Content = "content"
	// Keys is the API keys.
	Keys = "keys"
	// Events is the webhook events (the outbox): the event streams wait on it.
	Events = "events"
	// schema is PocketBase's collections and settings, which each process holds in memory.
	// PocketBase reloads them some 50 ms after another process changed them (its notify
	// directory); a Watcher that sees such a change first reloads them itself before it moves
	// Content, so that nothing is computed from the old ones at the new generation.
	schema = "schema"
)

// Table holds one row per area: (area, n), n moved by the triggers of the area's tables.
const Table = "_cca_generations"

// updateColumns narrows the UPDATE trigger of a table to the columns whose change matters to
// the area's readers; an update of any other column alone moves nothing. A table not named
// here moves its area on every update. api_keys: the columns the key store reads
// (hooks/keys), not last_used_at, which the store writes every minute for the keys in use,
// nor the name, prefix, last4 and autodates. A record save writes every column, so any edit
// of a key through PocketBase moves the generation. Changing a list needs a migration that
// remakes the trigger (as pb_migrations/1763700300_key_change_columns.go does).
var updateColumns = map[string][]string{
	vocab.APIKeys: {"key_hash", "previous_hash", "previous_expires_at", "scopes", "allowed_origins", "expiry", "active"},
}

// areaTables are the tables of each area. Pages, lessons and testimonials are left out: no read
// serves them. A table added here needs its triggers on existing data directories: a new
// migration that creates them as 1763700290_change_generations.go does
// (TestFreshInstallHasEveryTrigger fails until one does); serving then keeps them in place.
var areaTables = map[string][]string{
	Content: {
		vocab.Profile, vocab.Posts, vocab.Projects, vocab.Courses,
		vocab.Talks, vocab.Experience, vocab.Education, vocab.Skills,
		vocab.Certifications, vocab.Members, vocab.SiteSettings,
	},
	Keys:   {vocab.APIKeys},
	Events: {vocab.WebhookEvents},
	schema: {"_collections", "_params"},
}
