package webhooks

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// The nine event names of the spec. vocab.EventNames() holds the same list for the
// schema; a test keeps the two in step.
const (
	EventContentCreated       = "content.created"
	EventContentUpdated       = "content.updated"
	EventContentDeleted       = "content.deleted"
	EventContentPublished     = "content.published"
	EventPurchaseCompleted    = "purchase.completed"
	EventCourseEnrolled       = "course.enrolled"
	EventCourseCompleted      = "course.completed"
	EventTestimonialSubmitted = "testimonial.submitted"
	EventNewsletterSubscribe  = "newsletter.subscribe"
)

// EventPing is the event of a test delivery sent from the admin panel (as GitHub's ping).
// It is not one of the nine: it is never stored, never polled and never retried.
const EventPing = "ping"

// EventType is an event name and what makes it fire, as GET /api/v1/webhooks/events lists it.
type EventType struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// PersonalData marks the events whose data carry someone's e-mail address or name. A
	// browser key (one with allowed origins) is public by nature, so only a server key may
	// poll them.
	PersonalData bool `json:"personal_data"`
}

var eventTypes = []EventType{
	{Name: EventContentCreated, Description: "A post, project or custom page was created."},
	{Name: EventContentUpdated, Description: "A post, project or custom page was updated."},
	{Name: EventContentDeleted, Description: "A post, project or custom page was deleted."},
	{Name: EventContentPublished, Description: "A post, project or custom page was updated and is published (not a draft, published_at come; fires together with content.updated, so de-duplicate), or a scheduled one's published_at came (fires alone, once)."},
	{Name: EventPurchaseCompleted, Description: "A one-time purchase was created as, or changed to, completed.", PersonalData: true},
	{Name: EventCourseEnrolled, Description: "A learner enrolled in a course.", PersonalData: true},
	{Name: EventCourseCompleted, Description: "A learner finished a course (the enrollment's completed_at was set).", PersonalData: true},
	{Name: EventTestimonialSubmitted, Description: "A testimonial was submitted.", PersonalData: true},
	{Name: EventNewsletterSubscribe, Description: "Someone subscribed to the newsletter.", PersonalData: true},
}

// EventTypes returns the nine event types in the spec's order.
func EventTypes() []EventType { return slices.Clone(eventTypes) }

// KnownEvent reports whether name is one of the nine event names.
func KnownEvent(name string) bool {
	_, ok := eventType(name)
	return ok
}

// PersonalData reports whether the events of name carry personal data; false for an unknown
// name.
func PersonalData(name string) bool {
	t, _ := eventType(name)
	return t.PersonalData
}

func eventType(name string) (EventType, bool) {
	i := slices.IndexFunc(eventTypes, func(t EventType) bool { return t.Name == name })
	if i < 0 {
		return EventType{}, false
	}
	return eventTypes[i], true
}

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

// sourceCollections are the collections whose changes fire events.
var sourceCollections = []string{
	vocab.Posts, vocab.Projects, vocab.Pages,
	vocab.Purchases, vocab.Enrollments,
	vocab.Testimonials, vocab.NewsletterSubscribers,
}
