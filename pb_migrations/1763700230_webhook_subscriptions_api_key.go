package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(addWebhookSubscriptionsAPIKey, dropWebhookSubscriptionsAPIKey)
}

// addWebhookSubscriptionsAPIKey records which API key registered each subscription. It holds
// the key's id as plain text, not a relation: PocketBase clears a relation when the key record
// is deleted on revoke (or, were it required, refuses the revoke), while the text keeps the id,
// so the owner still sees which key made the subscription after revoking it.
func addWebhookSubscriptionsAPIKey(app core.App) error {
	c, err := findCollection(app, "webhook_subscriptions")
	if err != nil {
		return err
	}
	c.Fields.Add(&core.TextField{
		Name:    "api_key",
		Max:     15,
		Pattern: `^[a-z0-9]*$`,
		Help:    "Id of the API key that registered it (kept after the key is revoked); empty when the owner made it.",
	})
	return saveCollection(app, c)
}

// dropWebhookSubscriptionsAPIKey removes the field again, and its values with it.
func dropWebhookSubscriptionsAPIKey(app core.App) error {
	c, err := findCollection(app, "webhook_subscriptions")
	if err != nil {
		return err
	}
	c.Fields.RemoveByName("api_key")
	return saveCollection(app, c)
}
