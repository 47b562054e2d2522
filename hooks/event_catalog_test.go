package hooks_test

import (
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
