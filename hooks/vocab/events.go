package vocab

import "slices"

// The webhook events: the nine of the spec, in its order, newsletter.sent, and the owner's test
// ping.
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
	// EventNewsletterSent fires when a newsletter send finishes; its data are counts only.
	EventNewsletterSent = "newsletter.sent"

	// EventPing is the event of a test delivery sent from the admin panel (as GitHub's
	// ping). It is not one of the ten: it is never stored, never polled and never retried.
	EventPing = "ping"
)

// EventType is an event name and what makes it fire, as GET /api/v1/webhooks/events lists it.
type EventType struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// PersonalData marks the events whose data carry someone's e-mail address or name. A
	// browser key (one with allowed origins) is public by nature, so only a server key may
	// poll them.
	PersonalData bool `json:"personal_data"`
}

// EventTypes is the catalogue of the ten events, the spec's nine in its order then newsletter.sent: what fires each (the
// rules are hooks/webhooks/outbox/event_rules.go) and whether its data are personal.
func EventTypes() []EventType {
	return []EventType{
		{Name: EventContentCreated, Description: "A post, project or custom page was created."},
		{Name: EventContentUpdated, Description: "A post, project or custom page was updated."},
		{Name: EventContentDeleted, Description: "A post, project or custom page was deleted."},
		{Name: EventContentPublished, Description: "A post, project or custom page was updated and is published (not a draft, published_at come; fires together with content.updated, so de-duplicate), or a scheduled one's published_at came (fires alone, once)."},
		{Name: EventPurchaseCompleted, Description: "A one-time purchase was created as, or changed to, completed.", PersonalData: true},
		{Name: EventCourseEnrolled, Description: "A learner enrolled in a course.", PersonalData: true},
		{Name: EventCourseCompleted, Description: "A learner finished a course (the enrollment's completed_at was set).", PersonalData: true},
		{Name: EventTestimonialSubmitted, Description: "A testimonial was submitted.", PersonalData: true},
		{Name: EventNewsletterSubscribe, Description: "A subscriber confirmed their address (the double opt-in link), or the owner added or set one confirmed; not when an address is merely entered, nor for imported rows.", PersonalData: true},
		{Name: EventNewsletterSent, Description: "A newsletter send finished: the post and the counts (no addresses)."},
	}
}

// EventNames are the ten event names (webhook_events.event, webhook_subscriptions.events).
func EventNames() []string {
	types := EventTypes()
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.Name
	}
	return names
}

// KnownEvent reports whether name is one of the ten event names.
func KnownEvent(name string) bool { return slices.Contains(EventNames(), name) }

// PersonalData reports whether the events of name carry personal data; false for an unknown
// name.
func PersonalData(name string) bool {
	types := EventTypes()
	i := slices.IndexFunc(types, func(t EventType) bool { return t.Name == name })
	return i >= 0 && types[i].PersonalData
}
