package vocab_test

import (
	"slices"
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
)

// TestEventCatalogue: ten events, each described and known; EventNames in the catalogue's
// order (pb_migrations' tests compare them with a fresh install's select values).
func TestEventCatalogue(t *testing.T) {
	t.Parallel()
	types := vocab.EventTypes()
	if len(types) != 10 || len(vocab.EventNames()) != 10 {
		t.Fatalf("%d event types, %d names, want 10", len(types), len(vocab.EventNames()))
	}
	for i, et := range types {
		if et.Name != vocab.EventNames()[i] {
			t.Errorf("event %d is %q, EventNames says %q", i, et.Name, vocab.EventNames()[i])
		}
		if et.Description == "" {
			t.Errorf("%s has no description", et.Name)
		}
		if !vocab.KnownEvent(et.Name) {
			t.Errorf("KnownEvent(%q) = false", et.Name)
		}
	}
	for _, name := range []string{"", vocab.EventPing, "content.*", "CONTENT.CREATED"} {
		if vocab.KnownEvent(name) {
			t.Errorf("KnownEvent(%q) = true", name)
		}
	}
}

// TestPersonalDataEvents: the events whose data carry an e-mail address or a name are marked,
// and only they; an unknown name is not.
func TestPersonalDataEvents(t *testing.T) {
	t.Parallel()
	personal := []string{vocab.EventPurchaseCompleted, vocab.EventCourseEnrolled, vocab.EventCourseCompleted,
		vocab.EventTestimonialSubmitted, vocab.EventNewsletterSubscribe}
	for _, et := range vocab.EventTypes() {
		want := slices.Contains(personal, et.Name)
		if et.PersonalData != want || vocab.PersonalData(et.Name) != want {
			t.Errorf("%s: PersonalData %v / %v, want %v", et.Name, et.PersonalData, vocab.PersonalData(et.Name), want)
		}
	}
	if vocab.PersonalData("nope") || vocab.PersonalData(vocab.EventPing) {
		t.Error("an unknown event is marked as personal data")
	}
}
