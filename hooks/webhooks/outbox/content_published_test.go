package outbox_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
)

// publishDue runs the publish job as its ticker would; the count is not checked, as the
// background loop may have announced a record first.
func publishDue(t *testing.T, h *apitest.Harness) {
	t.Helper()
	if _, err := h.Publish.RunDue(); err != nil {
		t.Fatal(err)
	}
}

func TestSavesSetPublishedAtAndFireContentPublishedOnlyWhenPublished(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	app := h.App
	future := apitest.Epoch.Add(time.Hour)
	var post *core.Record
	checkSteps(t, app, []eventStep{
		{"created published: published_at is the save time", func(t *testing.T) *core.Record {
			post = fixture.CreateRecord(t, app, vocab.Posts, map[string]any{"title": "Now", "visibility": "public"})
			if got := post.GetDateTime("published_at").Time(); !got.Equal(apitest.Epoch) {
				t.Fatalf("published_at %v, want %v", got, apitest.Epoch)
			}
			return post
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"rescheduled: no content.published at the save", func(t *testing.T) *core.Record {
			post = webhooktest.Update(t, app, post, map[string]any{"published_at": future})
			return post
		}, []string{vocab.EventContentUpdated}, contentJSON},
		{"draft keeps an empty published_at", func(t *testing.T) *core.Record {
			return fixture.CreateRecord(t, app, vocab.Pages, map[string]any{"title": "Draft", "draft": true})
		}, []string{vocab.EventContentCreated}, contentJSON},
		{"back to now: published at this update", func(t *testing.T) *core.Record {
			post = webhooktest.Update(t, app, post, map[string]any{"published_at": apitest.Epoch.Add(-time.Minute)})
			return post
		}, []string{vocab.EventContentPublished, vocab.EventContentUpdated}, contentJSON},
	})
	h.Clock.Advance(2 * time.Hour)
	before := webhooktest.AllEvents(t, app)
	publishDue(t, h)
	if got := webhooktest.NewEvents(t, app, before); len(got) != 0 {
		t.Fatalf("the job announced an announced post again: %v", webhooktest.EventNames(got))
	}
}

func TestScheduledRecordIsAnnouncedOnceWhenItsTimeComes(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	app := h.App
	at := apitest.Epoch.Add(10 * time.Minute)
	post := fixture.CreateRecord(t, app, vocab.Posts, map[string]any{"title": "Later", "visibility": "public", "published_at": at})
	draft := fixture.CreateRecord(t, app, vocab.Projects, map[string]any{"title": "Someday", "visibility": "public", "draft": true,
		"published_at": at})
	before := webhooktest.AllEvents(t, app)

	h.Clock.Advance(10*time.Minute - time.Millisecond)
	publishDue(t, h)
	if got := webhooktest.NewEvents(t, app, before); len(got) != 0 {
		t.Fatalf("announced before its time: %v", webhooktest.EventNames(got))
	}
	h.Clock.Advance(time.Millisecond)
	publishDue(t, h)
	publishDue(t, h)
	got := webhooktest.NewEvents(t, app, before)
	if names := webhooktest.EventNames(got); !reflect.DeepEqual(names, []string{vocab.EventContentPublished}) {
		t.Fatalf("events %v, want one content.published", names)
	}
	webhooktest.JSONEqual(t, got[0].Data, contentJSON(post))
	if !webhooktest.Reload(t, app, post).GetBool("publish_announced") {
		t.Fatal("flag not set")
	}

	// The draft's time passed while it was a draft: it fires when it is published, at that
	// update, and the job does not fire it again.
	before = webhooktest.AllEvents(t, app)
	webhooktest.Update(t, app, draft, map[string]any{"draft": false})
	publishDue(t, h)
	if names := webhooktest.EventNames(webhooktest.NewEvents(t, app, before)); !reflect.DeepEqual(names, []string{vocab.EventContentPublished, vocab.EventContentUpdated}) {
		t.Fatalf("events %v", names)
	}
}

func TestTimePassedWhileDownIsAnnouncedAtStart(t *testing.T) {
	t.Parallel()
	first := webhooktest.NewHarness(t)
	first.Clock.Advance(-time.Hour) // the first run is an hour before the second
	post := fixture.CreateRecord(t, first.App, vocab.Posts, map[string]any{"title": "While down", "visibility": "public",
		"published_at": apitest.Epoch.Add(-30 * time.Minute)})
	if n := webhooktest.Count(t, first.App, vocab.WebhookEvents); n != 1 {
		t.Fatalf("%d events before the restart, want content.created only", n)
	}

	second := apitest.New(t, apitest.Options{DataDir: first.App.DataDir()})
	var published []webhooktest.StoredEvent
	for _, ev := range webhooktest.AllEvents(t, second.App) {
		if ev.Name == vocab.EventContentPublished {
			published = append(published, ev)
		}
	}
	if len(published) != 1 {
		t.Fatalf("%d content.published at start, want 1", len(published))
	}
	webhooktest.JSONEqual(t, published[0].Data, contentJSON(post))
}
