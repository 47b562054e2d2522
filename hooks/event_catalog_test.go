package hooks_test

import (
	"slices"
	"testing"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/pb_migrations"
)

func TestEventCatalogMatchesTheSchema(t *testing.T) {
	t.Parallel()
	types := hooks.EventTypes()
	if len(types) != len(pb_migrations.EventNames) {
		t.Fatalf("%d event types, schema has %d", len(types), len(pb_migrations.EventNames))
	}
	for i, et := range types {
		if et.Name != pb_migrations.EventNames[i] {
			t.Errorf("event %d is %q, schema says %q", i, et.Name, pb_migrations.EventNames[i])
		}
		if et.Description == "" {
			t.Errorf("%s has no description", et.Name)
		}
		if !hooks.KnownEvent(et.Name) {
			t.Errorf("KnownEvent(%q) = false", et.Name)
		}
	}
	for _, name := range []string{"", hooks.EventPing, "content.*", "CONTENT.CREATED"} {
		if hooks.KnownEvent(name) {
			t.Errorf("KnownEvent(%q) = true", name)
		}
	}
}

// TestPersonalDataEvents: the events whose data carry an e-mail address or a name are marked,
// and only they; an unknown name is not.
func TestPersonalDataEvents(t *testing.T) {
	t.Parallel()
	personal := []string{hooks.EventPurchaseCompleted, hooks.EventCourseEnrolled, hooks.EventCourseCompleted,
		hooks.EventTestimonialSubmitted, hooks.EventNewsletterSubscribe}
	for _, et := range hooks.EventTypes() {
		want := slices.Contains(personal, et.Name)
		if et.PersonalData != want || hooks.PersonalData(et.Name) != want {
			t.Errorf("%s: PersonalData %v / %v, want %v", et.Name, et.PersonalData, hooks.PersonalData(et.Name), want)
		}
	}
	if hooks.PersonalData("nope") || hooks.PersonalData(hooks.EventPing) {
		t.Error("an unknown event is marked as personal data")
	}
}
