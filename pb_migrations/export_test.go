package pb_migrations

// Up and down steps of single migrations, for the external tests.
var (
	AddWebhookSubscriptionsAPIKey  = addWebhookSubscriptionsAPIKey
	DropWebhookSubscriptionsAPIKey = dropWebhookSubscriptionsAPIKey
)

// BackfillSearchIndexSQL is the search index migration's backfill of one collection.
var BackfillSearchIndexSQL = backfillSearchIndexSQL
