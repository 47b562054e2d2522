package contract_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

const someDate = "2024-03-01 09:00:00.000Z"

// seed fills every collection the API reads with one record that has every field set and one
// with only the required ones, so both the filled and the empty (null, "", []) shapes of every
// field reach the contract checks.
func seed(t *testing.T, h *apitest.Harness) map[string]*core.Record {
	t.Helper()
	recs := map[string]*core.Record{}
	recs["profile"] = h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada", "headline": "Engineer", "bio": "<p>Hi</p>",
		"location": "Lisbon", "website": "https://ada.example.org", "links": []map[string]string{{"label": "GitHub", "url": "https://github.com/ada"}},
		"email": "ada@example.org"})
	for _, c := range []string{vocab.Posts, vocab.Projects} {
		full := map[string]any{"title": "Full " + c, "excerpt": "Summary", "content": "<p>Body</p>", "tags": []string{"go", "web"},
			"visibility": "public", "draft": false}
		if c == vocab.Projects {
			full["url"], full["repo_url"] = "https://example.org", "https://github.com/ada/x"
		}
		recs[c] = h.SaveRecord(c, full)
		h.SaveRecord(c, map[string]any{"title": "Bare " + c, "visibility": "public"})
		h.SaveRecord(c, map[string]any{"title": "Draft " + c, "visibility": "members", "draft": true})
	}
	recs["courses"] = h.SaveRecord(vocab.Courses, map[string]any{"title": "Go", "description": "<p>Learn</p>", "price": 4900, "currency": "usd"})
	h.SaveRecord(vocab.Courses, map[string]any{"title": "Free", "currency": "eur"})
	h.SaveRecord(vocab.Talks, map[string]any{"title": "Talk", "event": "GopherCon", "date": someDate, "location": "Berlin",
		"url": "https://example.org/t", "slides_url": "https://example.org/s", "video_url": "https://example.org/v", "description": "<p>d</p>"})
	h.SaveRecord(vocab.Talks, map[string]any{"title": "Bare talk"})
	h.SaveRecord(vocab.Experience, map[string]any{"company": "Acme", "role": "Engineer", "location": "Remote", "start_date": someDate,
		"end_date": someDate, "description": "<p>x</p>", "sort_order": 1})
	h.SaveRecord(vocab.Experience, map[string]any{"company": "Now Inc", "role": "Lead"})
	h.SaveRecord(vocab.Education, map[string]any{"school": "Uni", "degree": "MSc", "field": "CS", "start_date": someDate, "end_date": someDate, "sort_order": 1})
	h.SaveRecord(vocab.Education, map[string]any{"school": "School"})
	h.SaveRecord(vocab.Skills, map[string]any{"name": "Go", "category": "Languages", "level": "expert", "sort_order": 2})
	h.SaveRecord(vocab.Skills, map[string]any{"name": "SQL"})
	h.SaveRecord(vocab.Certifications, map[string]any{"name": "CKA", "issuer": "CNCF", "issued_at": someDate, "expires_at": someDate,
		"credential_url": "https://example.org/c", "sort_order": 1})
	h.SaveRecord(vocab.Certifications, map[string]any{"name": "Bare cert"})

	col, err := h.App.FindCachedCollectionByNameOrId(vocab.Members)
	if err != nil {
		t.Fatal(err)
	}
	m := core.NewRecord(col)
	m.SetEmail("member@example.com")
	m.SetPassword("a long enough password")
	m.SetVerified(true)
	m.Set("name", "Member")
	if err := h.App.Save(m); err != nil {
		t.Fatal(err)
	}
	h.SaveRecord(vocab.Purchases, map[string]any{"buyer_email": "b@example.com", "content_type": "course", "content_id": recs["courses"].Id,
		"amount": 4900, "currency": "usd", "status": "completed"})
	h.SaveRecord(vocab.Enrollments, map[string]any{"course": recs["courses"].Id, "buyer_email": "b@example.com", "completed_at": someDate})
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "s@example.com", "name": "Sub", "status": "confirmed"})
	h.SaveRecord(vocab.Testimonials, map[string]any{"name": "Sam", "email": "sam@example.com", "company": "Acme", "role": "CTO", "body": "Great"})
	// A newsletter send that finished, announced as the send service does.
	send := h.SaveRecord(vocab.NewsletterSends, map[string]any{"post": recs["posts"].Id, "state": "finished", "subject": "Hello"})
	if err := h.Webhooks.AnnounceNewsletterSent(h.App, send, map[string]any{"id": send.Id, "post": recs["posts"].Id, "email_only": false,
		"resend": false, "total": 2, "sent": 1, "failed": 0, "bounced": 1, "started": "2026-11-21T12:00:00.000Z", "finished": "2026-11-21T12:01:00.000Z"}); err != nil {
		t.Fatal(err)
	}
	h.SaveRecord(vocab.PageViews, map[string]any{"path": "/posts/x", "referrer": "news.example.com"})
	return recs
}

func setPlan(t *testing.T, h *apitest.Harness, plan string) {
	t.Helper()
	recs, err := h.App.FindRecordsByFilter(vocab.SiteSettings, "", "created", 1, 0)
	if err != nil || len(recs) == 0 {
		t.Fatalf("site settings: %v", err)
	}
	recs[0].Set("plan", plan)
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
}

// TestLiveResponsesMatchTheContract calls the operations on a site with data in every
// collection; the harness validates each answer against the contract (that is the test), and
// the statuses here make sure the success shapes were among them.
func TestLiveResponsesMatchTheContract(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	recs := seed(t, h)
	read, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWrite)
	v2, _ := h.CreateKey(keys.ScopeReadContent, keys.ScopeReadMembers, keys.ScopeReadAnalytics, keys.ScopeWriteWebhooks)
	owner := map[string]string{"Authorization": h.SuperuserToken()}

	h.AllowPrivateWebhooks(true)
	rcv := apitest.NewReceiver(t)
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(v2),
		Body: map[string]any{"url": rcv.URL, "events": []string{"content.created", "content.updated", "purchase.completed"}, "description": "test"}})
	if res.Status != http.StatusCreated {
		t.Fatalf("registering a webhook: %d %s", res.Status, res.Body)
	}
	sub, _ := res.JSON(t)["id"].(string)

	// Content changes after the registration give the subscription deliveries.
	res = h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(read),
		Body: map[string]any{"title": "Written over the API", "tags": []string{"api"}, "visibility": "public"}})
	if res.Status != http.StatusCreated {
		t.Fatalf("creating a post: %d %s", res.Status, res.Body)
	}
	created, _ := res.JSON(t)["data"].(map[string]any)
	postID, _ := created["id"].(string)

	type call struct {
		method, path string
		headers      map[string]string
		body         any
		status       int
	}
	calls := []call{
		{"GET", "/api/v1/profile", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/posts?limit=1", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/posts", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/posts/" + recs["posts"].GetString("slug"), apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/projects?limit=1&sort=title", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/projects/" + recs["projects"].GetString("slug"), apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/courses", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/talks", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/experience", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/education", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/skills", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/certifications", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/posts?limit=101", apitest.Bearer(read), nil, 400},
		{"GET", "/api/v1/webhooks/events", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/content.created", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/content.created?since=2000-01-01T00:00:00Z&limit=1", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/purchase.completed", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/course.enrolled", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/course.completed", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/testimonial.submitted", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/newsletter.subscribe", apitest.Bearer(read), nil, 200},
		{"GET", "/api/v1/webhooks/poll/nope.nope", apitest.Bearer(read), nil, 404},
		{"PATCH", "/api/v1/posts/" + postID, apitest.Bearer(read), map[string]any{"excerpt": "Changed"}, 200},
		{"GET", "/api/v2/posts?per_page=2", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/posts?draft=true&visibility=members", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/posts/" + recs["posts"].Id, apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/projects", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/projects/" + recs["projects"].Id, apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/courses?page=9", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/talks", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/v2/members", apitest.Bearer(v2), nil, 200},
		{"GET", "/api/admin/api-keys", owner, nil, 200},
		{"GET", "/api/admin/webhooks", owner, nil, 200},
		{"PATCH", "/api/admin/webhooks/" + sub, owner, map[string]any{"description": "renamed"}, 200},
		{"GET", "/api/admin/webhooks/" + sub + "/deliveries", owner, nil, 200},
		{"POST", "/api/admin/webhooks/" + sub + "/test", owner, nil, 200},
		{"DELETE", "/api/v1/posts/" + postID, apitest.Bearer(read), nil, 204},
	}
	for _, c := range calls {
		res := h.Do(apitest.Request{Method: c.method, Path: c.path, Headers: c.headers, Body: c.body})
		if res.Status != c.status {
			t.Errorf("%s %s: %d %s, want %d", c.method, c.path, res.Status, res.Body, c.status)
		}
	}

	// Every event type was polled with at least one event in it, so each event schema was used.
	for _, name := range vocab.EventNames() {
		res := h.Get("/api/v1/webhooks/poll/"+name, read)
		if events, _ := res.JSON(t)["data"].([]any); res.Status != http.StatusOK || len(events) == 0 {
			t.Errorf("poll %s: %d %s, want some events", name, res.Status, res.Body)
		}
	}

	// A redelivery of one of the subscription's deliveries.
	res = h.Do(apitest.Request{Method: "GET", Path: "/api/admin/webhooks/" + sub + "/deliveries", Headers: owner})
	deliveries, _ := res.JSON(t)["data"].([]any)
	if len(deliveries) == 0 {
		t.Fatalf("no deliveries after content changes: %s", res.Body)
	}
	dlv, _ := deliveries[0].(map[string]any)["id"].(string)
	if res := h.Do(apitest.Request{Method: "POST", Path: "/api/admin/webhook-deliveries/" + dlv + "/redeliver", Headers: owner}); res.Status != http.StatusAccepted {
		t.Errorf("redeliver: %d %s", res.Status, res.Body)
	}

	for _, plan := range []string{"free", "pro", "business"} {
		setPlan(t, h, plan)
		if res := h.Get("/api/v2/analytics", v2); res.Status != http.StatusOK || res.JSON(t)["plan"] != plan {
			t.Errorf("analytics on the %s plan: %d %s", plan, res.Status, res.Body)
		}
	}

	// Conditional GET: the ETag gives a 304 with no body.
	res = h.Get("/api/v1/profile", read)
	res = h.Do(apitest.Request{Method: "GET", Path: "/api/v1/profile", Headers: map[string]string{
		"Authorization": "Bearer " + read, "If-None-Match": res.Header.Get("ETag")}})
	if res.Status != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", res.Status)
	}
}
