package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(createAPIKeys, dropCollection("api_keys"))
}

// createAPIKeys creates the API keys collection. Only a SHA-256 hex hash of each key is stored
// (hidden from JSON); previous_hash keeps the rotated-out secret valid until previous_expires_at.
func createAPIKeys(app core.App) error {
	c := core.NewBaseCollection("api_keys")
	c.Fields.Add(
		titleField("name", 100),
		&core.TextField{
			Name:     "key_hash",
			Hidden:   true,
			Required: true,
			Pattern:  `^[0-9a-f]{64}$`,
			Help:     "SHA-256 (hex) of the full key; the key itself is never stored.",
		},
		&core.TextField{Name: "prefix", Required: true, Max: 32, Help: "svc_live_ and the first 8 random characters."},
		&core.TextField{Name: "last4", Max: 4, Help: "Last 4 characters of the key."},
		&core.SelectField{
			Name:      "scopes",
			Values:    []string{"read", "write", "webhooks", "read:content", "read:members", "read:analytics", "write:webhooks"},
			MaxSelect: 7,
			Required:  true,
		},
		&core.JSONField{
			Name:    "allowed_origins",
			MaxSize: 8192,
			Help:    `JSON array of allowed browser origins, e.g. ["https://example.com"]; empty allows any.`,
		},
		&core.DateField{Name: "expiry", Help: "The key stops working at this time; empty = never."},
		&core.BoolField{Name: "active", Help: "Inactive keys are refused with key_disabled."},
		&core.DateField{Name: "last_used_at"},
		&core.TextField{
			Name:    "previous_hash",
			Hidden:  true,
			Pattern: `^([0-9a-f]{64})?$`,
			Help:    "Hash of the secret before the last rotation.",
		},
		&core.DateField{Name: "previous_expires_at", Help: "The previous secret works until this time."},
	)
	c.Fields.Add(timestampFields()...)
	addIndex(c, "key_hash", true, "key_hash")
	addIndex(c, "previous_hash", false, "previous_hash")
	return saveCollection(app, c)
}
