package outbox_test

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// contentJSON is the data of a content event.
func contentJSON(rec *core.Record) string {
	publishedAt := "null"
	if at := rec.GetDateTime("published_at"); !at.IsZero() {
		publishedAt = strconv.Quote(at.Time().UTC().Format(wire.TimestampFormat))
	}
	return fmt.Sprintf(`{"id":%q,"collection":%q,"title":%q,"slug":%q,"published_at":%s}`,
		rec.Id, rec.Collection().Name, rec.GetString("title"), rec.GetString("slug"), publishedAt)
}

func enrollmentJSON(rec *core.Record, extra string) string {
	return fmt.Sprintf(`{"id":%q,"collection":"enrollments","course":%q,"buyer_email":%q%s}`,
		rec.Id, rec.GetString("course"), rec.GetString("buyer_email"), extra)
}

func newCourse(t *testing.T, app core.App) *core.Record {
	return fixture.CreateRecord(t, app, vocab.Courses, map[string]any{"title": "Go", "slug": "go", "price": 4900, "currency": "usd"})
}

// eventStep is one change and the events it must fire, each with the data of data(rec).
type eventStep struct {
	name string
	do   func(t *testing.T) *core.Record
	want []string
	data func(rec *core.Record) string
}

// checkSteps runs the steps of a story in turn, each on what the ones before it left, and
// checks that exactly its events were stored. A story is one test, not a subtest per step: no
// step means anything without the ones before it. The first failing step ends it.
func checkSteps(t *testing.T, app core.App, steps []eventStep) {
	t.Helper()
	for _, s := range steps {
		before := webhooktest.AllEvents(t, app)
		rec := s.do(t)
		got := webhooktest.NewEvents(t, app, before)
		if names := webhooktest.EventNames(got); !reflect.DeepEqual(names, nilIfEmpty(s.want)) {
			t.Fatalf("step %q: events %v, want %v", s.name, names, s.want)
		}
		for _, ev := range got {
			if !webhooktest.JSONEqual(t, ev.Data, s.data(rec)) {
				t.Fatalf("step %q: the data of %s", s.name, ev.Name)
			}
		}
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestEventsFromGoSaves(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	app := h.App
	course := newCourse(t, app)
	var post, page, purchase, enrollment, testimonial, subscriber *core.Record
	completedAt := time.Date(2026, 11, 21, 13, 5, 6, 789_000_000, time.UTC)
	purchaseJSON := func(rec *core.Record) string {
		return fmt.Sprintf(`{"id":%q,"collection":"purchases","buyer_email":"buyer@example.com","content_type":"course","content_id":%q,"amount":4900,"currency":"usd"}`, rec.Id, course.Id)
	}
	steps := []eventStep{
		{"post created as draft", func(t *testing.T) *core.Record {
			post = fixture.CreateRecord(t, app, vocab.Posts, map[string]any{"title": "Hello", "slug": "hello", "visibility": "public", "draft": true})
			return post
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"draft post updated", func(t *testing.T) *core.Record {
			post = webhooktest.Update(t, app, post, map[string]any{"title": "Hello again"})
			return post
		}, []string{vocab.EventContentUpdated}, contentJSON},
		{"post published", func(t *testing.T) *core.Record {
			post = webhooktest.Update(t, app, post, map[string]any{"draft": false})
			return post
		}, []string{vocab.EventContentPublished, vocab.EventContentUpdated}, contentJSON},
		{"project created", func(t *testing.T) *core.Record {
			return fixture.CreateRecord(t, app, vocab.Projects, map[string]any{"title": "Tool", "slug": "tool", "visibility": "members"})
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"page created", func(t *testing.T) *core.Record {
			page = fixture.CreateRecord(t, app, vocab.Pages, map[string]any{"title": "About", "slug": "about"})
			return page
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"published page updated", func(t *testing.T) *core.Record {
			page = webhooktest.Update(t, app, page, map[string]any{"content": "<p>hi</p>"})
			return page
		}, []string{vocab.EventContentPublished, vocab.EventContentUpdated}, contentJSON},
		{"post deleted", func(t *testing.T) *core.Record {
			if err := app.Delete(post); err != nil {
				t.Fatal(err)
			}
			return post
		}, []string{vocab.EventContentDeleted}, contentJSON},
		{"purchase created pending", func(t *testing.T) *core.Record {
			purchase = fixture.CreateRecord(t, app, vocab.Purchases, map[string]any{"buyer_email": "buyer@example.com",
				"content_type": "course", "content_id": course.Id, "amount": 4900, "currency": "usd", "status": "pending"})
			return purchase
		}, nil, purchaseJSON},
		{"purchase completes", func(t *testing.T) *core.Record {
			purchase = webhooktest.Update(t, app, purchase, map[string]any{"status": "completed"})
			return purchase
		}, []string{vocab.EventPurchaseCompleted}, purchaseJSON},
		{"completed purchase saved again", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, purchase, map[string]any{"content_id": course.Id})
		}, nil, purchaseJSON},
		{"same instance saved again after completing", func(t *testing.T) *core.Record {
			// The instance's Original() is stale (status pending): the rule reads the row.
			purchase.Set("amount", 4900)
			if err := app.Save(purchase); err != nil {
				t.Fatal(err)
			}
			return purchase
		}, nil, purchaseJSON},
		{"purchase created as completed", func(t *testing.T) *core.Record {
			return fixture.CreateRecord(t, app, vocab.Purchases, map[string]any{"buyer_email": "buyer@example.com",
				"content_type": "course", "content_id": course.Id, "amount": 4900, "currency": "usd", "status": "completed"})
		}, []string{vocab.EventPurchaseCompleted}, purchaseJSON},
		{"enrollment created", func(t *testing.T) *core.Record {
			enrollment = fixture.CreateRecord(t, app, vocab.Enrollments, map[string]any{"course": course.Id, "buyer_email": "learner@example.com"})
			return enrollment
		}, []string{vocab.EventCourseEnrolled}, func(rec *core.Record) string { return enrollmentJSON(rec, "") }},
		{"enrollment completed", func(t *testing.T) *core.Record {
			enrollment = webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": completedAt})
			return enrollment
		}, []string{vocab.EventCourseCompleted}, func(rec *core.Record) string {
			return enrollmentJSON(rec, `,"completed_at":"2026-11-21T13:05:06.789Z"`)
		}},
		{"completed_at set again", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": completedAt.Add(time.Hour)})
		}, nil, nil},
		{"completed_at cleared", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": ""})
		}, nil, nil},
		{"completed_at set after being cleared", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": completedAt})
		}, nil, nil},
		{"writer clears the flag with completed_at", func(t *testing.T) *core.Record {
			webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": "", "completion_announced": false})
			return webhooktest.Update(t, app, enrollment, map[string]any{"completed_at": completedAt})
		}, nil, nil},
		{"testimonial submitted", func(t *testing.T) *core.Record {
			testimonial = fixture.CreateRecord(t, app, vocab.Testimonials, map[string]any{"name": "Ada", "email": "ada@example.com",
				"company": "Engines Ltd", "role": "CTO", "body": "Great."})
			return testimonial
		}, []string{vocab.EventTestimonialSubmitted}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"testimonials","name":"Ada","email":"ada@example.com","company":"Engines Ltd","role":"CTO"}`, rec.Id)
		}},
		{"testimonial approved", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, testimonial, map[string]any{"approved": true})
		}, nil, nil},
		{"newsletter subscribe", func(t *testing.T) *core.Record {
			subscriber = fixture.CreateRecord(t, app, vocab.NewsletterSubscribers, map[string]any{"email": "reader@example.com", "name": "Reader", "status": "confirmed"})
			return subscriber
		}, []string{vocab.EventNewsletterSubscribe}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"newsletter_subscribers","email":"reader@example.com","name":"Reader"}`, rec.Id)
		}},
		{"subscriber renamed", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, subscriber, map[string]any{"name": "R."})
		}, nil, nil},
		{"subscriber leaves", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, subscriber, map[string]any{"status": "unsubscribed"})
		}, nil, nil},
		{"subscriber confirms again", func(t *testing.T) *core.Record {
			return webhooktest.Update(t, app, subscriber, map[string]any{"status": "confirmed"})
		}, []string{vocab.EventNewsletterSubscribe}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"newsletter_subscribers","email":"reader@example.com","name":"R."}`, rec.Id)
		}},
		{"a pending address", func(t *testing.T) *core.Record {
			return fixture.CreateRecord(t, app, vocab.NewsletterSubscribers, map[string]any{"email": "later@example.com", "status": "pending"})
		}, nil, nil},
	}
	checkSteps(t, app, steps)
}

func TestEventsFromRecordsAPI(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	token := h.SuperuserToken()
	course := newCourse(t, h.App)
	// call sends one request to PocketBase's records API as the owner (the dashboard does the
	// same) and returns the record it answered with.
	call := func(t *testing.T, method, path string, body any) *core.Record {
		t.Helper()
		res := h.Do(apitest.Request{Method: method, Path: path, Body: body, Headers: map[string]string{"Authorization": token}})
		if res.Status >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, res.Status, res.Body)
		}
		if method == http.MethodDelete {
			return nil
		}
		id, _ := res.JSON(t)["id"].(string)
		col, _ := res.JSON(t)["collectionName"].(string)
		rec, err := h.App.FindRecordById(col, id)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	records := func(col string) string { return "/api/collections/" + col + "/records" }
	var post, enrollment *core.Record
	steps := []eventStep{
		{"create post", func(t *testing.T) *core.Record {
			post = call(t, http.MethodPost, records("posts"), map[string]any{"title": "Via API", "slug": "via-api", "visibility": "public", "draft": true})
			return post
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"publish post", func(t *testing.T) *core.Record {
			post = call(t, http.MethodPatch, records("posts")+"/"+post.Id, map[string]any{"draft": false})
			return post
		}, []string{vocab.EventContentPublished, vocab.EventContentUpdated}, contentJSON},
		{"delete post", func(t *testing.T) *core.Record {
			call(t, http.MethodDelete, records("posts")+"/"+post.Id, nil)
			return post
		}, []string{vocab.EventContentDeleted}, contentJSON},
		{"purchase completed", func(t *testing.T) *core.Record {
			return call(t, http.MethodPost, records("purchases"), map[string]any{"buyer_email": "b@example.com",
				"content_type": "product", "amount": 100, "currency": "eur", "status": "completed"})
		}, []string{vocab.EventPurchaseCompleted}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"purchases","buyer_email":"b@example.com","content_type":"product","content_id":"","amount":100,"currency":"eur"}`, rec.Id)
		}},
		{"enroll", func(t *testing.T) *core.Record {
			enrollment = call(t, http.MethodPost, records("enrollments"), map[string]any{"course": course.Id, "buyer_email": "l@example.com"})
			return enrollment
		}, []string{vocab.EventCourseEnrolled}, func(rec *core.Record) string { return enrollmentJSON(rec, "") }},
		{"complete course", func(t *testing.T) *core.Record {
			return call(t, http.MethodPatch, records("enrollments")+"/"+enrollment.Id, map[string]any{"completed_at": "2026-11-22 08:00:00.000Z"})
		}, []string{vocab.EventCourseCompleted}, func(rec *core.Record) string {
			return enrollmentJSON(rec, `,"completed_at":"2026-11-22T08:00:00.000Z"`)
		}},
		{"testimonial", func(t *testing.T) *core.Record {
			return call(t, http.MethodPost, records("testimonials"), map[string]any{"name": "Bo", "body": "Nice."})
		}, []string{vocab.EventTestimonialSubmitted}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"testimonials","name":"Bo","email":"","company":"","role":""}`, rec.Id)
		}},
		{"newsletter", func(t *testing.T) *core.Record {
			return call(t, http.MethodPost, records("newsletter_subscribers"), map[string]any{"email": "n@example.com", "status": "confirmed"})
		}, []string{vocab.EventNewsletterSubscribe}, func(rec *core.Record) string {
			return fmt.Sprintf(`{"id":%q,"collection":"newsletter_subscribers","email":"n@example.com","name":""}`, rec.Id)
		}},
	}
	checkSteps(t, h.App, steps)
}

// enableBatch switches PocketBase's /api/batch on.
func enableBatch(t *testing.T, app core.App) {
	t.Helper()
	s := app.Settings()
	s.Batch.Enabled = true
	s.Batch.MaxRequests = 50
	s.Batch.Timeout = 3
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}

func TestEventsInsideBatch(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	enableBatch(t, h.App)
	token := h.SuperuserToken()
	sub, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/unreachable")
	batch := func(requests ...map[string]any) *apitest.Response {
		return h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/batch",
			Body: map[string]any{"requests": requests}, Headers: map[string]string{"Authorization": token}})
	}
	const postID = "batchpost000001"
	res := batch(
		map[string]any{"method": "POST", "url": "/api/collections/posts/records",
			"body": map[string]any{"id": postID, "title": "Batched", "slug": "batched", "visibility": "public", "draft": true}},
		map[string]any{"method": "POST", "url": "/api/collections/testimonials/records", "body": map[string]any{"name": "C", "body": "Good."}},
		map[string]any{"method": "PATCH", "url": "/api/collections/posts/records/" + postID, "body": map[string]any{"draft": false}},
	)
	if res.Status != http.StatusOK {
		t.Fatalf("batch: %d %s", res.Status, res.Body)
	}
	want := []string{vocab.EventContentCreated, vocab.EventContentPublished, vocab.EventContentUpdated, vocab.EventTestimonialSubmitted}
	if got := webhooktest.EventNames(webhooktest.AllEvents(t, h.App)); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	if n := len(webhooktest.DeliveriesOf(t, h.App, sub.Id)); n != 4 {
		t.Fatalf("%d deliveries, want 4", n)
	}

	// A batch that fails in a later request leaves nothing behind.
	res = batch(
		map[string]any{"method": "POST", "url": "/api/collections/posts/records",
			"body": map[string]any{"title": "Never", "slug": "never", "visibility": "public"}},
		map[string]any{"method": "POST", "url": "/api/collections/testimonials/records", "body": map[string]any{"name": "missing body"}},
	)
	if res.Status < 400 {
		t.Fatalf("failing batch answered %d", res.Status)
	}
	if n := len(webhooktest.AllEvents(t, h.App)); n != 4 {
		t.Fatalf("%d events after a rolled-back batch, want 4", n)
	}
	if n := len(webhooktest.DeliveriesOf(t, h.App, sub.Id)); n != 4 {
		t.Fatalf("%d deliveries after a rolled-back batch, want 4", n)
	}
}

func TestOutboxIsAtomicWithTheChange(t *testing.T) {
	t.Parallel()
	errBoom := errors.New("boom")
	const hookID = "test.fail"
	tests := []struct {
		name  string
		setup func(app core.App) (undo func())
		save  func(app core.App, rec *core.Record) error
	}{
		{
			name: "a later hook fails after the INSERT",
			setup: func(app core.App) func() {
				h := app.OnRecordCreateExecute(vocab.Posts)
				h.Bind(&hook.Handler[*core.RecordEvent]{
					Id:       hookID,
					Priority: 200, // after PocketBase's own handler: e.Next() below runs the INSERT
					Func: func(e *core.RecordEvent) error {
						if err := e.Next(); err != nil {
							return err
						}
						return errBoom
					},
				})
				return func() { h.Unbind(hookID) }
			},
			save: func(app core.App, rec *core.Record) error { return app.Save(rec) },
		},
		{
			name: "the caller's transaction rolls back after the save",
			save: func(app core.App, rec *core.Record) error {
				return app.RunInTransaction(func(txApp core.App) error {
					if err := txApp.Save(rec); err != nil {
						return err
					}
					if n, err := txApp.CountRecords(vocab.WebhookEvents); err != nil || n != 1 {
						return fmt.Errorf("inside the tx: %d events, %v", n, err)
					}
					return errBoom
				})
			},
		},
		{
			name: "writing the event fails",
			setup: func(app core.App) func() {
				h := app.OnRecordCreateExecute(vocab.WebhookEvents)
				h.Bind(&hook.Handler[*core.RecordEvent]{Id: hookID, Func: func(e *core.RecordEvent) error { return errBoom }})
				return func() { h.Unbind(hookID) }
			},
			save: func(app core.App, rec *core.Record) error { return app.Save(rec) },
		},
	}
	h := webhooktest.NewHarness(t)
	sub, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/unreachable")
	col, err := h.App.FindCachedCollectionByNameOrId(vocab.Posts)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.setup != nil {
				defer tt.setup(h.App)()
			}
			rec := core.NewRecord(col)
			rec.Load(map[string]any{"title": "T", "slug": "t", "visibility": "public"})
			if err := tt.save(h.App, rec); !errors.Is(err, errBoom) {
				t.Fatalf("save: %v, want boom", err)
			}
			if n := webhooktest.Count(t, h.App, vocab.Posts); n != 0 {
				t.Errorf("%d posts", n)
			}
			if n := webhooktest.Count(t, h.App, vocab.WebhookEvents); n != 0 {
				t.Errorf("%d events", n)
			}
			if n := len(webhooktest.DeliveriesOf(t, h.App, sub.Id)); n != 0 {
				t.Errorf("%d deliveries", n)
			}
		})
	}
}

func TestOneDeliveryPerSubscriptionThatWantsTheEvent(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	all, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/all")
	createdOnly, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/created", vocab.EventContentCreated)
	off, _ := webhooktest.Subscribe(t, h.App, "http://127.0.0.1:1/off")
	webhooktest.Update(t, h.App, off, map[string]any{"enabled": false})

	post := fixture.CreateRecord(t, h.App, vocab.Posts, map[string]any{"title": "T", "slug": "t", "visibility": "public"})
	webhooktest.Update(t, h.App, post, map[string]any{"title": "T2"}) // content.updated + content.published

	for _, tt := range []struct {
		sub  *core.Record
		want int
	}{{all, 3}, {createdOnly, 1}, {off, 0}} {
		if got := len(webhooktest.DeliveriesOf(t, h.App, tt.sub.Id)); got != tt.want {
			t.Errorf("subscription %s: %d deliveries, want %d", tt.sub.GetString("url"), got, tt.want)
		}
	}
	if n := webhooktest.Count(t, h.App, vocab.WebhookEvents); n != 3 {
		t.Errorf("%d events, want 3", n)
	}
}

func TestEventsWithoutSubscriptionsAreStoredAtTheInjectedTime(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	h.Clock.Advance(90 * time.Minute)
	fixture.CreateRecord(t, h.App, vocab.NewsletterSubscribers, map[string]any{"email": "x@example.com", "status": "confirmed"})
	recs, err := h.App.FindAllRecords(vocab.WebhookEvents)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d events, %v; want 1 (for polling)", len(recs), err)
	}
	if got, want := recs[0].GetDateTime("created").Time(), apitest.Epoch.Add(90*time.Minute); !got.Equal(want) {
		t.Errorf("event created %v, want %v", got, want)
	}
	if n := webhooktest.Count(t, h.App, vocab.WebhookDeliveries); n != 0 {
		t.Fatalf("%d deliveries, want 0", n)
	}
}
