package keys

import (
	"github.com/pocketbase/pocketbase/core"
)

// View is the admin API's shape of a key: never the hash, and the full key only when secret
// is not empty (the create and rotate responses).
func View(rec *core.Record, secret string) map[string]any {
	v := map[string]any{
		"id":              rec.Id,
		"name":            rec.GetString("name"),
		"prefix":          rec.GetString("prefix"),
		"last4":           rec.GetString("last4"),
		"scopes":          nonNil(rec.GetStringSlice("scopes")),
		"allowed_origins": nonNil(origins(rec)),
		"expiry":          nullableDate(rec, "expiry"),
		"active":          rec.GetBool("active"),
		"last_used_at":    nullableDate(rec, "last_used_at"),
		"created":         rec.GetDateTime("created").String(),
		"updated":         rec.GetDateTime("updated").String(),
	}
	if grace := rec.GetDateTime("previous_expires_at"); !grace.IsZero() {
		v["previous_secret_expires_at"] = grace.String()
	} else {
		v["previous_secret_expires_at"] = nil
	}
	if secret != "" {
		v["key"] = secret
	}
	return v
}

func nullableDate(rec *core.Record, field string) any {
	d := rec.GetDateTime(field)
	if d.IsZero() {
		return nil
	}
	return d.String()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
