package webhooks_test

import (
	"slices"
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks"
)

func TestEventCatalogMatchesTheSchema(t *testing.T) {
	t.Parallel()
	types := webhooks.EventTypes()
	if len(types) != len(vocab.EventNames()) {
		t.Fatalf("%d event types, schema has %d", len(types), len(vocab.EventNames()))
	}
	for i, et := range types {
		if et.Name != vocab.EventNames()[i] {
			t.Errorf("event %d is %q, schema says %q", i, et.Name, vocab.EventNames()[i])
		}
		if et.Description == "" {
			t.Errorf("%s has no description", et.Name)
		}
		if !webhooks.KnownEvent(et.Name) {
			t.Errorf("KnownEvent(%q) = false", et.Name)
		}
	}
	for _, name := range []string{"", webhooks.EventPing, "content.*", "CONTENT.CREATED"} {
		if webhooks.KnownEvent(name) {
			t.Errorf("KnownEvent(%q) = true", name)
		}
	}
}

// TestPersonalDataEvents: the events whose data carry an e-mail address or a name are marked,
// and only they; an unknown name is not.
func TestPersonalDataEvents(t *testing.T) {
	t.Parallel()
	personal := []string{webhooks.EventPurchaseCompleted, webhooks.EventCourseEnrolled, webhooks.EventCourseCompleted,
		webhooks.EventTestimonialSubmitted, webhooks.EventNewsletterSubscribe}
	for _, et := range webhooks.EventTypes() {
		want := slices.Contains(personal, et.Name)
		if et.PersonalData != want || webhooks.PersonalData(et.Name) != want {
			t.Errorf("%s: PersonalData %v / %v, want %v", et.Name, et.PersonalData, webhooks.PersonalData(et.Name), want)
		}
	}
	if webhooks.PersonalData("nope") || webhooks.PersonalData(webhooks.EventPing) {
		t.Error("an unknown event is marked as personal data")
	}
}
