// Package hookorder is the table of the record and model hooks the product binds, as
// routes/middleware_order.go is the middleware's: for each PocketBase hook, the handlers the
// concepts under hooks/ bind on it, by id, in the order they run, with the priorities that put
// them there. Every handler is bound with its id and priority from here, so the order does not
// depend on the order of the Bind calls; TestRegisteredHookOrder (hooks/hook_order_test.go)
// triggers each hook of a registered app and checks that its handlers run in Table's order and
// that Register bound no handler Table does not list.
//
// PocketBase sorts a hook's handlers by priority (lower first; equal priorities in bind order)
// and each calls e.Next() to run the rest. Its own record handler (PocketBase in Table) runs
// last in OnRecordValidate (the schema's validation, after ours has normalised the record),
// first in OnRecordCreate and OnRecordUpdate, and last in the execute hooks, where it writes the
// row inside the save's transaction: a handler of an execute hook changes the record before it
// is written (slugs, publication), and one that works after e.Next() returns (search index,
// outbox, revisions) sees the written record in the same transaction, and its error rolls the
// save back. In the model hooks it runs first: a record's OnRecordAfter… hooks run before
// ours.
package hookorder

// The handlers' ids and priorities. A handler bound on several hooks keeps its id on each. The
// ids are in the one style of every id the app binds, routes' middleware and cron jobs
// included: "cca", the concept and the handler, in CamelCase (TestIDsInOneStyle in routes).
const (
	// KeysRequestGuard refuses creating a key through the records API, and editing its secret
	// fields (keys/guard.go).
	KeysRequestGuard         = "ccaKeysRequestGuard"
	KeysRequestGuardPriority = 0
	// KeysValidate checks a key's scopes and normalises its origins (keys/guard.go).
	KeysValidate         = "ccaKeysValidate"
	KeysValidatePriority = 0
	// KeysLogRedaction redacts keys from every log row (keys/redact.go).
	KeysLogRedaction         = "ccaKeysLogRedaction"
	KeysLogRedactionPriority = 0

	// ContentSlugs fills a content record's slug (content/slug.go), first, so that every
	// handler after it (search index, outbox) sees the slug.
	ContentSlugs         = "ccaContentSlugs"
	ContentSlugsPriority = -100
	// ContentPublication stamps published_at and publish_announced (content/publication.go),
	// before the outbox, which reads the flag.
	ContentPublication         = "ccaContentPublication"
	ContentPublicationPriority = -90
	// ContentSearchIndex keeps the record's row of the search index (content/search_index.go).
	ContentSearchIndex         = "ccaContentSearchIndex"
	ContentSearchIndexPriority = -30
	// ContentFeedSettings validates the feed settings (content/feed_settings.go).
	ContentFeedSettings         = "ccaContentFeedSettings"
	ContentFeedSettingsPriority = 0
	// ContentFileAccess refuses the files of records not served (content/file_access.go).
	ContentFileAccess         = "ccaContentFileAccess"
	ContentFileAccessPriority = 0
	// ContentState adds a record's state to the records API's answers (content/state.go).
	ContentState         = "ccaContentState"
	ContentStatePriority = 0

	// NewsletterSubscriberStatus keeps a subscriber's status and confirmed flag in step
	// (newsletter/subscriber_status.go), before the outbox reads the status.
	NewsletterSubscriberStatus         = "ccaNewsletterSubscriberStatus"
	NewsletterSubscriberStatusPriority = 0

	// WebhooksOutbox writes the events of a change and their deliveries (webhooks/outbox/outbox.go).
	WebhooksOutbox         = "ccaWebhooksOutbox"
	WebhooksOutboxPriority = -20
	// WebhooksSubscriptionState resets or records a subscription's switch-off
	// (webhooks/subscriptions/subscription_state.go).
	WebhooksSubscriptionState         = "ccaWebhooksSubscriptionState"
	WebhooksSubscriptionStatePriority = -15
	// WebhooksKeyRevocation switches off the subscriptions of a deleted key
	// (webhooks/subscriptions/key_revocation.go).
	WebhooksKeyRevocation         = "ccaWebhooksKeyRevocation"
	WebhooksKeyRevocationPriority = -15
	// WebhooksSubscriptionRules keeps a subscription's registration rules
	// (webhooks/subscriptions/subscription_rules.go).
	WebhooksSubscriptionRules         = "ccaWebhooksSubscriptionRules"
	WebhooksSubscriptionRulesPriority = 10
	// WebhooksSubscriptionDefaults fills what a records API body left out
	// (webhooks/subscriptions/subscription_rules.go).
	WebhooksSubscriptionDefaults         = "ccaWebhooksSubscriptionDefaults"
	WebhooksSubscriptionDefaultsPriority = 10
	// WebhooksGateSubscriptions tells the key gate that subscriptions changed
	// (webhooks/sender/paused_by_key.go).
	WebhooksGateSubscriptions         = "ccaWebhooksGateSubscriptions"
	WebhooksGateSubscriptionsPriority = 10
	// WebhooksGateKeys wakes the dispatcher when a key changed (webhooks/sender/paused_by_key.go).
	WebhooksGateKeys         = "ccaWebhooksGateKeys"
	WebhooksGateKeysPriority = 20

	// RevisionsCapture keeps the values an update or delete replaced (revisions/capture.go).
	RevisionsCapture         = "ccaRevisionsCapture"
	RevisionsCapturePriority = -10
	// RevisionsActor remembers which superuser made a records API change
	// (revisions/actor.go).
	RevisionsActor         = "ccaRevisionsActor"
	RevisionsActorPriority = 0

	// ChangesGeneration moves the generation of the content or the keys (changes/watcher.go).
	ChangesGeneration         = "ccaChangesGeneration"
	ChangesGenerationPriority = 0
	// ChangesSettings moves the content's generation when the settings are reloaded
	// (changes/watcher.go).
	ChangesSettings         = "ccaChangesSettings"
	ChangesSettingsPriority = 0
	// ChangesTriggers recreates the change triggers after a collection save (changes/watcher.go).
	ChangesTriggers         = "ccaChangesTriggers"
	ChangesTriggersPriority = 0
)

// PocketBase stands in Table for PocketBase's own record handler (its id is core's unexported
// systemHookIdRecord).
const PocketBase = "__pbRecordSystemHook__"

// Row is one PocketBase hook (its method name on core.App) and the handlers on it, in the
// order they run.
type Row struct {
	Hook     string
	Handlers []string
}

// Table is every hook the concepts bind on records, models, files, settings and collections,
// with the handlers in the order they run; PocketBase's record handler is placed where it runs.
// The collections each handler is tagged with are in its package.
func Table() []Row {
	return []Row{
		// A request through PocketBase's records API (the dashboard), before the save.
		{"OnRecordCreateRequest", []string{KeysRequestGuard, WebhooksSubscriptionDefaults}},
		{"OnRecordUpdateRequest", []string{KeysRequestGuard, RevisionsActor, WebhooksSubscriptionDefaults}},
		{"OnRecordDeleteRequest", []string{RevisionsActor}},
		// A save, whoever makes it.
		{"OnRecordValidate", []string{ContentFeedSettings, PocketBase}},
		{"OnRecordCreate", []string{PocketBase, KeysValidate, NewsletterSubscriberStatus, WebhooksSubscriptionRules}},
		{"OnRecordUpdate", []string{PocketBase, KeysValidate, NewsletterSubscriberStatus, WebhooksSubscriptionRules}},
		{"OnRecordCreateExecute", []string{ContentSlugs, ContentPublication, ContentSearchIndex, WebhooksOutbox, PocketBase}},
		{"OnRecordUpdateExecute", []string{ContentSlugs, ContentPublication, ContentSearchIndex, WebhooksOutbox,
			WebhooksSubscriptionState, RevisionsCapture, PocketBase}},
		{"OnRecordDeleteExecute", []string{ContentSearchIndex, WebhooksOutbox, WebhooksKeyRevocation, RevisionsCapture, PocketBase}},
		// After the commit.
		{"OnModelAfterCreateSuccess", []string{PocketBase, ChangesGeneration, WebhooksGateSubscriptions}},
		{"OnModelAfterUpdateSuccess", []string{PocketBase, ChangesGeneration, WebhooksGateSubscriptions, WebhooksGateKeys}},
		{"OnModelAfterDeleteSuccess", []string{PocketBase, ChangesGeneration, WebhooksGateSubscriptions}},
		// Elsewhere.
		{"OnModelCreate", []string{PocketBase, KeysLogRedaction}},
		{"OnFileDownloadRequest", []string{ContentFileAccess}},
		{"OnRecordEnrich", []string{ContentState}},
		{"OnSettingsReload", []string{ChangesSettings}},
		{"OnCollectionAfterCreateSuccess", []string{ChangesTriggers}},
		{"OnCollectionAfterUpdateSuccess", []string{ChangesTriggers}},
	}
}
