package outbox

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
)

// change is the kind of record change the outbox sees.
type change int

const (
	changeCreate change = iota
	changeUpdate
	changeDelete
)

// event is one event to write: its name and data object, and for a content event whether the
// v1 API served the record when it fired (browser keys poll only those: ServedContentOnly).
type event struct {
	name   string
	data   map[string]any
	served bool
}

// needsPriorState reports whether the rules of a collection compare an update with the row as
// it was: purchase.completed, course.completed and newsletter.subscribe fire on a transition,
// not on every save.
func needsPriorState(collection string) bool {
	return collection == vocab.Purchases || collection == vocab.Enrollments || collection == vocab.NewsletterSubscribers
}

// eventsFor returns the events a change of rec at now fires, in the order they are written.
// before is the row as it was before an update of a needsPriorState collection (nil
// otherwise, or if it was not found).
func eventsFor(kind change, rec, before *core.Record, now time.Time) []event {
	switch rec.Collection().Name {
	case vocab.Posts, vocab.Projects, vocab.Pages:
		return contentEvents(kind, rec, now)
	case vocab.Purchases:
		if kind == changeDelete || !isCompleted(rec) || (kind == changeUpdate && before != nil && isCompleted(before)) {
			return nil
		}
		return []event{{name: vocab.EventPurchaseCompleted, data: purchaseData(rec)}}
	case vocab.Enrollments:
		return enrollmentEvents(kind, rec, before)
	case vocab.Testimonials:
		return onCreate(kind, vocab.EventTestimonialSubmitted, testimonialData, rec)
	case vocab.NewsletterSubscribers:
		return subscriberEvents(kind, rec, before)
	}
	return nil
}

// contentEvents: created, updated (plus published when the update leaves the record published:
// not a draft, published_at come: content.Announced), deleted. A scheduled
// record's content.published comes from the publish job when its time comes. Each says whether
// v1 served rec as it was then (a deleted record: as it was before).
func contentEvents(kind change, rec *core.Record, now time.Time) []event {
	data := contentData(rec)
	served := content.Served(rec, now)
	switch kind {
	case changeCreate:
		return []event{{vocab.EventContentCreated, data, served}}
	case changeUpdate:
		evs := []event{{vocab.EventContentUpdated, data, served}}
		if content.Announced(rec) {
			evs = append(evs, event{vocab.EventContentPublished, data, served})
		}
		return evs
	default:
		return []event{{vocab.EventContentDeleted, data, served}}
	}
}

// completionAnnounced is the enrollments' hidden flag that course.completed has fired.
const completionAnnounced = "completion_announced"

// enrollmentEvents: course.enrolled on create; course.completed the first time completed_at is
// set (on create too, for an enrollment imported as already completed), once per enrollment:
// clearing completed_at and setting it again does not fire it again (markCompletion keeps the
// flag).
func enrollmentEvents(kind change, rec, before *core.Record) []event {
	var evs []event
	if kind == changeCreate {
		evs = append(evs, event{name: vocab.EventCourseEnrolled, data: enrollmentData(rec)})
	}
	completedNow := !rec.GetDateTime("completed_at").IsZero()
	announcedBefore := before != nil && before.GetBool(completionAnnounced)
	if kind != changeDelete && completedNow && !announcedBefore {
		evs = append(evs, event{name: vocab.EventCourseCompleted, data: completionData(rec)})
	}
	return evs
}

// markCompletion sets the flag on a completed enrollment before it is written, so the flag and
// the course.completed event commit together; a flag once set stays set, whatever a writer sends.
func markCompletion(rec, before *core.Record) {
	if rec.Collection().Name != vocab.Enrollments {
		return
	}
	if !rec.GetDateTime("completed_at").IsZero() || (before != nil && before.GetBool(completionAnnounced)) {
		rec.Set(completionAnnounced, true)
	}
}

func onCreate(kind change, name string, data func(*core.Record) map[string]any, rec *core.Record) []event {
	if kind != changeCreate {
		return nil
	}
	return []event{{name: name, data: data(rec)}}
}

// subscriberEvents: newsletter.subscribe fires when a subscriber becomes confirmed (double
// opt-in's confirmation, or a row created or set confirmed by the owner), not when an address
// is merely entered: created confirmed, or updated to confirmed from another state.
func subscriberEvents(kind change, rec, before *core.Record) []event {
	if kind == changeDelete || rec.GetString("status") != "confirmed" ||
		(kind == changeUpdate && before != nil && before.GetString("status") == "confirmed") {
		return nil
	}
	return []event{{name: vocab.EventNewsletterSubscribe, data: subscriberData(rec)}}
}

func isCompleted(purchase *core.Record) bool {
	return purchase.GetString("status") == "completed"
}
