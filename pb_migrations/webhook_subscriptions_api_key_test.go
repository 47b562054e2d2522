package pb_migrations_test

import (
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
	pbm "github.com/creator-content-api/server/pb_migrations"
)

// TestWebhookSubscriptionsAPIKeyDownAndUp: the down step removes only the field, the up step
// adds it back.
func TestWebhookSubscriptionsAPIKeyDownAndUp(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	for _, step := range []struct {
		name string
		run  func() error
		want bool
	}{
		{"down", func() error { return pbm.DropWebhookSubscriptionsAPIKey(ta) }, false},
		{"up", func() error { return pbm.AddWebhookSubscriptionsAPIKey(ta) }, true},
	} {
		if err := step.run(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		c, err := ta.FindCollectionByNameOrId(vocab.WebhookSubscriptions)
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
