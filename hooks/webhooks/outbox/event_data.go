package outbox

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// The data object of each event: the spec's "main data fields", always with the record's id
// and collection so receivers can fetch more.

// contentData adds published_at in the webhook timestamp layout, null while it is unset (a
// draft never published).
func contentData(rec *core.Record) map[string]any {
	d := recordData(rec, "title", "slug")
	d[content.PublishedAtField] = nil
	if at := rec.GetDateTime(content.PublishedAtField); !at.IsZero() {
		d[content.PublishedAtField] = at.Time().UTC().Format(wire.TimestampFormat)
	}
	return d
}

// purchaseData sends amount as an integer (minor units) and currency in lower case.
func purchaseData(rec *core.Record) map[string]any {
	d := recordData(rec, "buyer_email", "content_type", "content_id")
	d["amount"] = rec.GetInt("amount")
	d["currency"] = strings.ToLower(rec.GetString("currency"))
	return d
}

func enrollmentData(rec *core.Record) map[string]any {
	return recordData(rec, "course", "buyer_email")
}

// completionData adds completed_at in the webhook timestamp layout (RFC 3339, ms, UTC).
func completionData(rec *core.Record) map[string]any {
	d := enrollmentData(rec)
	d["completed_at"] = rec.GetDateTime("completed_at").Time().UTC().Format(wire.TimestampFormat)
	return d
}

func testimonialData(rec *core.Record) map[string]any {
	return recordData(rec, "name", "email", "company", "role")
}

// subscriberData is newsletter.subscribe's data (the spec leaves it open): the address and
// the name the subscriber gave, nothing else.
func subscriberData(rec *core.Record) map[string]any {
	return recordData(rec, "email", "name")
}

// recordData is id, collection and the named string fields of rec.
func recordData(rec *core.Record, fields ...string) map[string]any {
	d := make(map[string]any, len(fields)+4)
	d["id"] = rec.Id
	d["collection"] = rec.Collection().Name
	for _, f := range fields {
		d[f] = rec.GetString(f)
	}
	return d
}
