package pb_migrations_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// f maps field names to their PocketBase field types.
type f map[string]string

// collectionSpec is one row of the schema table.
type collectionSpec struct {
	name   string
	auth   bool
	fields f
}

// schema lists every collection with its key fields; created/updated are checked for all.
var schema = []collectionSpec{
	{vocab.Profile, false, f{"name": "text", "headline": "text", "bio": "editor", "avatar": "file", "location": "text",
		"website": "url", "links": "json", "email": "email"}},
	{vocab.Posts, false, f{"title": "text", "slug": "text", "excerpt": "text", "content": "editor", "cover": "file",
		"tags": "json", "visibility": "select", "draft": "bool", "published_at": "date", "publish_announced": "bool"}},
	{vocab.Projects, false, f{"title": "text", "slug": "text", "excerpt": "text", "content": "editor", "cover": "file",
		"tags": "json", "visibility": "select", "draft": "bool", "url": "url", "repo_url": "url",
		"published_at": "date", "publish_announced": "bool"}},
	{vocab.Pages, false, f{"title": "text", "slug": "text", "content": "editor", "draft": "bool",
		"published_at": "date", "publish_announced": "bool"}},
	{vocab.Courses, false, f{"title": "text", "slug": "text", "description": "editor", "price": "number",
		"currency": "text", "cover": "file"}},
	{vocab.Lessons, false, f{"course": "relation", "title": "text", "content": "editor", "video_url": "url",
		"sort_order": "number"}},
	{vocab.Talks, false, f{"title": "text", "event": "text", "date": "date", "location": "text", "url": "url",
		"slides_url": "url", "video_url": "url", "description": "editor"}},
	{vocab.Experience, false, f{"company": "text", "role": "text", "location": "text", "start_date": "date",
		"end_date": "date", "description": "editor", "sort_order": "number"}},
	{vocab.Education, false, f{"school": "text", "degree": "text", "field": "text", "start_date": "date",
		"end_date": "date", "sort_order": "number"}},
	{vocab.Skills, false, f{"name": "text", "category": "text", "level": "select", "sort_order": "number"}},
	{vocab.Certifications, false, f{"name": "text", "issuer": "text", "issued_at": "date", "expires_at": "date",
		"credential_url": "url", "sort_order": "number"}},
	{vocab.Members, true, f{"name": "text", "email": "email", "verified": "bool", "password": "password"}},
	{vocab.Purchases, false, f{"buyer_email": "email", "content_type": "select", "content_id": "text",
		"amount": "number", "currency": "text", "status": "select"}},
	{vocab.Enrollments, false, f{"course": "relation", "buyer_email": "email", "member": "relation",
		"completed_at": "date", "completion_announced": "bool"}},
	{vocab.Testimonials, false, f{"name": "text", "email": "email", "company": "text", "role": "text", "body": "text",
		"approved": "bool"}},
	{vocab.NewsletterSubscribers, false, f{"email": "email", "name": "text", "confirmed": "bool"}},
	{vocab.PageViews, false, f{"path": "text", "referrer": "text", "visitor": "text", "country": "text"}},
	{vocab.SiteSettings, false, f{"plan": "select", "webhooks_allow_private": "bool", "site_url": "url",
		"post_url_pattern": "text", "feeds_enabled": "bool", "webhooks_max": "number"}},
	{vocab.APIKeys, false, f{"name": "text", "key_hash": "text", "prefix": "text", "last4": "text",
		"scopes": "select", "allowed_origins": "json", "expiry": "date", "active": "bool", "last_used_at": "date",
		"previous_hash": "text", "previous_expires_at": "date"}},
	{vocab.WebhookSubscriptions, false, f{"url": "url", "events": "select", "description": "text", "secret": "text",
		"enabled": "bool", "failure_count": "number", "disabled_reason": "text", "api_key": "text"}},
	{vocab.WebhookEvents, false, f{"event": "select", "data": "json", "served": "bool"}},
	{vocab.WebhookDeliveries, false, f{"event": "relation", "subscription": "relation", "status": "select",
		"attempt": "number", "next_attempt_at": "date", "last_status_code": "number", "last_duration_ms": "number",
		"last_error": "text", "response_excerpt": "text", "delivered_at": "date"}},
	{vocab.WebhookAttempts, false, f{"delivery": "relation", "at": "date", "status_code": "number", "duration_ms": "number",
		"error": "text", "response_excerpt": "text", "request_headers": "json"}},
	{vocab.ContentRevisions, false, f{"record_collection": "text", "record_id": "text", "action": "select",
		"actor_type": "select", "actor": "text", "data": "json", "files": "json"}},
	{vocab.PreviewLinks, false, f{"record_collection": "text", "record_id": "text", "token_hash": "text",
		"expires_at": "date"}},
	{vocab.NewsletterSends, false, f{"post": "text", "state": "select", "email_only": "bool", "resend": "bool",
		"subject": "text", "html": "text", "text": "text", "total": "number", "started_at": "date", "finished_at": "date",
		"audience": "select", "visibility": "text", "cut_html": "text", "cut_text": "text"}},
	{vocab.NewsletterDeliveries, false, f{"send": "text", "subscriber": "text", "state": "select", "attempts": "number",
		"next_at": "date", "sent_at": "date", "reply": "text"}},
}

func TestCollectionsExistWithFieldsAndNilRules(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	for _, tc := range schema {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, err := ta.FindCollectionByNameOrId(tc.name)
			if err != nil {
				t.Fatalf("collection missing: %v", err)
			}
			if c.IsAuth() != tc.auth {
				t.Errorf("auth = %v, want %v", c.IsAuth(), tc.auth)
			}
			for name, typ := range tc.fields {
				fld := c.Fields.GetByName(name)
				if fld == nil {
					t.Errorf("field %q missing", name)
					continue
				}
				if fld.Type() != typ {
					t.Errorf("field %q type = %q, want %q", name, fld.Type(), typ)
				}
			}
			created, _ := c.Fields.GetByName("created").(*core.AutodateField)
			if created == nil || !created.OnCreate || created.OnUpdate {
				t.Errorf("created autodate wrong: %#v", created)
			}
			updated, _ := c.Fields.GetByName("updated").(*core.AutodateField)
			if updated == nil || !updated.OnCreate || !updated.OnUpdate {
				t.Errorf("updated autodate wrong: %#v", updated)
			}
			rules := map[string]*string{"list": c.ListRule, "view": c.ViewRule, "create": c.CreateRule,
				"update": c.UpdateRule, "delete": c.DeleteRule}
			if c.IsAuth() {
				rules["manage"] = c.ManageRule
			}
			for kind, rule := range rules {
				if rule != nil {
					t.Errorf("%s rule = %q, want nil (superusers only)", kind, *rule)
				}
			}
		})
	}
}

func TestHiddenFields(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	cases := []struct{ collection, field string }{
		{vocab.APIKeys, "key_hash"},
		{vocab.APIKeys, "previous_hash"},
		{vocab.WebhookSubscriptions, "secret"},
		{vocab.Members, "password"},
		{vocab.Members, "tokenKey"},
		{vocab.Posts, "publish_announced"},
		{vocab.PreviewLinks, "token_hash"},
		{core.CollectionNameOTPs, "link_hash"},
	}
	for _, tc := range cases {
		c, err := ta.FindCollectionByNameOrId(tc.collection)
		if err != nil {
			t.Fatal(err)
		}
		fld := c.Fields.GetByName(tc.field)
		if fld == nil || !fld.GetHidden() {
			t.Errorf("%s.%s should be hidden", tc.collection, tc.field)
		}
	}
}

func TestIndexesExist(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	cases := []struct {
		index  string
		unique bool
		where  bool
	}{
		{"idx_posts_slug", true, false},
		{"idx_posts_created_id", false, false},
		{"idx_posts_title_id", false, false},
		{"idx_posts_published_created_id", false, true},
		{"idx_posts_published_updated_id", false, true},
		{"idx_posts_published_title_id", false, true},
		{"idx_posts_published_published_at_id", false, true},
		{"idx_projects_published_published_at_id", false, true},
		{"idx_pages_publish_due", false, false},
		{"idx_projects_slug", true, false},
		{"idx_projects_published_title_id", false, true},
		{"idx_pages_slug", true, false},
		{"idx_courses_slug", true, false},
		{"idx_courses_updated_id", false, false},
		{"idx_talks_title_id", false, false},
		{"idx_experience_sort_order_created", false, false},
		{"idx_education_sort_order_created", false, false},
		{"idx_skills_sort_order_created", false, false},
		{"idx_certifications_sort_order_created", false, false},
		{"idx_enrollments_course", false, false},
		{"idx_newsletter_subscribers_email", true, false},
		{"idx_members_email_lower", false, false},
		{"idx_page_views_created", false, false},
		{"idx_api_keys_key_hash", true, false},
		{"idx_api_keys_previous_hash", false, false},
		{"idx_webhook_events_event_created_id", false, false},
		{"idx_webhook_events_created", false, false},
		{"idx_webhook_deliveries_status_next_attempt_at", false, false},
		{"idx_webhook_deliveries_subscription_created", false, false},
		{"idx_webhook_deliveries_event", false, false},
		{"idx_webhook_attempts_delivery_at", false, false},
		{"idx_webhook_attempts_at", false, false},
		{"idx_otps_link_hash", true, false},
	}
	for _, tc := range cases {
		var sql string
		err := ta.DB().NewQuery("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = {:name}").
			Bind(dbx.Params{"name": tc.index}).Row(&sql)
		if err != nil {
			t.Errorf("index %s missing: %v", tc.index, err)
			continue
		}
		if got := strings.Contains(sql, "UNIQUE"); got != tc.unique {
			t.Errorf("index %s unique = %v, want %v: %s", tc.index, got, tc.unique, sql)
		}
		// The v1 reads spell their condition as vocab.NotDraftPublicSQL for SQLite to use these.
		if got := strings.Contains(sql, "WHERE "+vocab.NotDraftPublicSQL); got != tc.where {
			t.Errorf("index %s partial = %v, want %v: %s", tc.index, got, tc.where, sql)
		}
	}
}

// TestPruneReadsDeliveriesByEvent: the prune job's deletes of the deliveries of old events, and
// of their attempts, look the deliveries up by event, not by reading the whole table.
func TestPruneReadsDeliveriesByEvent(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	for _, query := range []string{
		"DELETE FROM webhook_deliveries WHERE event IN ('a', 'b')",
		"DELETE FROM webhook_attempts WHERE delivery IN (SELECT id FROM webhook_deliveries WHERE event IN ('a', 'b'))",
	} {
		var plan []struct {
			Detail string `db:"detail"`
		}
		if err := ta.DB().NewQuery("EXPLAIN QUERY PLAN " + query).All(&plan); err != nil {
			t.Fatal(err)
		}
		var steps []string
		for _, p := range plan {
			steps = append(steps, p.Detail)
		}
		if got := strings.Join(steps, "; "); !strings.Contains(got, "idx_webhook_deliveries_event") {
			t.Errorf("%s: plan %q does not use idx_webhook_deliveries_event", query, got)
		}
	}
}

func TestDefaultSiteSettings(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	recs, err := ta.FindAllRecords(vocab.SiteSettings)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 {
		t.Fatalf("site_settings records = %d, want 1", len(recs))
	}
	if got := recs[0].GetString("plan"); got != "free" {
		t.Errorf("plan = %q, want free", got)
	}
	if recs[0].GetBool("webhooks_allow_private") {
		t.Error("webhooks_allow_private = true, want false")
	}
	if !recs[0].GetBool("feeds_enabled") || recs[0].GetString("post_url_pattern") != "{site_url}/posts/{slug}" || recs[0].GetString("site_url") != "" {
		t.Errorf("feeds: feeds_enabled %v, post_url_pattern %q, site_url %q; want true, the default pattern, empty",
			recs[0].GetBool("feeds_enabled"), recs[0].GetString("post_url_pattern"), recs[0].GetString("site_url"))
	}
}

func TestRecordValidation(t *testing.T) {
	t.Parallel()
	const hash = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	cases := []struct {
		name       string
		collection string
		data       map[string]any
		wantErr    bool
	}{
		{"post minimal", vocab.Posts, map[string]any{"title": "Hello", "slug": "hello", "visibility": "public"}, false},
		{"post bad slug", vocab.Posts, map[string]any{"title": "Hello", "slug": "Hello World", "visibility": "public"}, true},
		{"post bad visibility", vocab.Posts, map[string]any{"title": "Hello", "slug": "x", "visibility": "everyone"}, true},
		{"post no title", vocab.Posts, map[string]any{"slug": "x", "visibility": "public"}, true},
		{"free course", vocab.Courses, map[string]any{"title": "Go", "slug": "go", "price": 0, "currency": "usd"}, false},
		{"course bad currency", vocab.Courses, map[string]any{"title": "Go", "slug": "go", "price": 100, "currency": "USD"}, true},
		{"course negative price", vocab.Courses, map[string]any{"title": "Go", "slug": "go", "price": -1, "currency": "usd"}, true},
		{"api key", vocab.APIKeys, map[string]any{"name": "ci", "key_hash": hash, "prefix": "svc_live_abcdefgh",
			"scopes": []string{"read", "read:content"}}, false},
		{"api key bad hash", vocab.APIKeys, map[string]any{"name": "ci", "key_hash": "nothex", "prefix": "svc_live_x",
			"scopes": []string{"read"}}, true},
		{"api key unknown scope", vocab.APIKeys, map[string]any{"name": "ci", "key_hash": hash, "prefix": "svc_live_x",
			"scopes": []string{"admin"}}, true},
		{"webhook event", vocab.WebhookEvents, map[string]any{"event": "content.created", "data": map[string]any{"id": "x"}}, false},
		{"webhook event unknown", vocab.WebhookEvents, map[string]any{"event": "content.exploded"}, true},
	}
	ta := newApp(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ta.FindCollectionByNameOrId(tc.collection)
			if err != nil {
				t.Fatal(err)
			}
			rec := core.NewRecord(c)
			rec.Load(tc.data)
			// Saved in a transaction that is rolled back: the cases share the app, not records.
			err = ta.RunInTransaction(func(tx core.App) error {
				if err := tx.Save(rec); err != nil {
					return err
				}
				return errRollback
			})
			if saved := errors.Is(err, errRollback); saved == tc.wantErr {
				t.Fatalf("Save error = %v, wantErr %v", err, tc.wantErr)
			}
		})
	}
}

// errRollback ends a transaction whose writes a test only needed to try.
var errRollback = errors.New("rolled back by the test")

func TestSlugIsUnique(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	c, err := ta.FindCollectionByNameOrId(vocab.Posts)
	if err != nil {
		t.Fatal(err)
	}
	for i, wantErr := range []bool{false, true} {
		rec := core.NewRecord(c)
		rec.Load(map[string]any{"title": "Same", "slug": "same", "visibility": "public"})
		if err := ta.Save(rec); (err != nil) != wantErr {
			t.Fatalf("save #%d: error = %v, wantErr %v", i, err, wantErr)
		}
	}
}

func TestSchemaTableCoversEveryCollection(t *testing.T) {
	t.Parallel()
	ta := newApp(t)
	var names []string
	if err := ta.CollectionQuery().Select("name").AndWhere(dbx.HashExp{"system": false}).Column(&names); err != nil {
		t.Fatal(err)
	}
	if len(names) != len(schema)+1 {
		t.Errorf("non-system collections = %d (%v), want %d plus users", len(names), names, len(schema))
	}
	for _, n := range names {
		if n == "users" {
			continue // created by PocketBase itself
		}
		if !slices.ContainsFunc(schema, func(s collectionSpec) bool { return s.name == n }) {
			t.Errorf("collection %s has no row in the schema table", n)
		}
	}
}
