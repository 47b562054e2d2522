package pb_migrations

import (
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// TestWebhookSubscriptionsAPIKeyDownAndUp: the down step removes only the field, the up step
// adds it back.
func TestWebhookSubscriptionsAPIKeyDownAndUp(t *testing.T) {
	ta, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ta.Cleanup)
	for _, step := range []struct {
		name string
		run  func() error
		want bool
	}{
		{"down", func() error { return dropWebhookSubscriptionsAPIKey(ta) }, false},
		{"up", func() error { return addWebhookSubscriptionsAPIKey(ta) }, true},
	} {
		if err := step.run(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		c, err := ta.FindCollectionByNameOrId(WebhookSubscriptions)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if got := c.Fields.GetByName("api_key") != nil; got != step.want {
			t.Errorf("after %s: api_key present = %v, want %v", step.name, got, step.want)
		}
		if c.Fields.GetByName("url") == nil {
			t.Errorf("after %s: url is gone", step.name)
		}
	}
}
