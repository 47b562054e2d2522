package pb_migrations

// Up and down steps of single migrations, for the external tests.
var (
	AddWebhookSubscriptionsAPIKey  = addWebhookSubscriptionsAPIKey
	DropWebhookSubscriptionsAPIKey = dropWebhookSubscriptionsAPIKey
)
