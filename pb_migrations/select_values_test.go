package pb_migrations_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// selectSpec is one select field of the schema with the list the code uses for it now.
type selectSpec struct {
	collection, field string
	values            []string // from names.go
	multi             bool     // MaxSelect is len(values), not 1
}

// selectFields are every select field of the schema.
var selectFields = []selectSpec{
	{vocab.Posts, "visibility", vocab.Visibilities(), false},
	{vocab.Projects, "visibility", vocab.Visibilities(), false},
	{vocab.Skills, "level", vocab.SkillLevels(), false},
	{vocab.Purchases, "content_type", vocab.PurchaseContentTypes(), false},
	{vocab.Purchases, "status", vocab.PurchaseStatuses(), false},
	{vocab.SiteSettings, "plan", vocab.Plans(), false},
	{vocab.APIKeys, "scopes", vocab.Scopes(), true},
	{vocab.WebhookSubscriptions, "events", vocab.EventNames(), true},
	{vocab.WebhookEvents, "event", vocab.EventNames(), false},
	{vocab.WebhookDeliveries, "status", vocab.DeliveryStatuses(), false},
	{vocab.NewsletterSubscribers, "status", vocab.SubscriberStatuses(), false},
	{vocab.ContentRevisions, "action", vocab.RevisionActions(), false},
	{vocab.NewsletterSends, "state", vocab.NewsletterSendStates(), false},
	{vocab.NewsletterDeliveries, "state", vocab.NewsletterDeliveryStates(), false},
	{vocab.NewsletterSends, "audience", vocab.NewsletterAudiences(), false},
	{vocab.ContentRevisions, "actor_type", vocab.ActorTypes(), false},
}

// TestSelectValuesAreTheCodes: a fresh install's select fields hold exactly the lists of
// names.go, in their order. Migrations hold their own literal values, so a value added to
// names.go without a migration that adds it to the schema fails here, and so does the reverse.
func TestSelectValuesAreTheCodes(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	for _, tc := range selectFields {
		t.Run(tc.collection+"."+tc.field, func(t *testing.T) {
			t.Parallel()
			c, err := ta.FindCollectionByNameOrId(tc.collection)
			if err != nil {
				t.Fatal(err)
			}
			f, ok := c.Fields.GetByName(tc.field).(*core.SelectField)
			if !ok {
				t.Fatalf("no select field %s.%s", tc.collection, tc.field)
			}
			if !slices.Equal(f.Values, tc.values) {
				t.Errorf("values %q, the code's list %q", f.Values, tc.values)
			}
			want := 1
			if tc.multi {
				want = len(tc.values)
			}
			if f.MaxSelect != want {
				t.Errorf("MaxSelect %d, want %d", f.MaxSelect, want)
			}
		})
	}
}

// TestSelectFieldsTableIsComplete: every select field of the schema has a row in selectFields.
func TestSelectFieldsTableIsComplete(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	collections, err := ta.FindAllCollections()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range collections {
		for _, f := range c.Fields {
			if f.Type() != core.FieldTypeSelect {
				continue
			}
			if !slices.ContainsFunc(selectFields, func(s selectSpec) bool { return s.collection == c.Name && s.field == f.GetName() }) {
				t.Errorf("select field %s.%s has no row in selectFields", c.Name, f.GetName())
			}
		}
	}
}
