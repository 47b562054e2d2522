package pb_migrations_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	pbm "github.com/creator-content-api/server/pb_migrations"
)

// selectSpec is one select field of the schema with the list the code uses for it now.
type selectSpec struct {
	collection, field string
	values            []string // from names.go
	multi             bool     // MaxSelect is len(values), not 1
}

// selectFields are every select field of the schema.
var selectFields = []selectSpec{
	{pbm.Posts, "visibility", pbm.Visibilities, false},
	{pbm.Projects, "visibility", pbm.Visibilities, false},
	{pbm.Skills, "level", pbm.SkillLevels, false},
	{pbm.Purchases, "content_type", pbm.PurchaseContentTypes, false},
	{pbm.Purchases, "status", pbm.PurchaseStatuses, false},
	{pbm.SiteSettings, "plan", pbm.Plans, false},
	{pbm.APIKeys, "scopes", pbm.Scopes, true},
	{pbm.WebhookSubscriptions, "events", pbm.EventNames, true},
	{pbm.WebhookEvents, "event", pbm.EventNames, false},
	{pbm.WebhookDeliveries, "status", pbm.DeliveryStatuses, false},
	{pbm.ContentRevisions, "action", pbm.RevisionActions, false},
	{pbm.ContentRevisions, "actor_type", pbm.ActorTypes, false},
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
