// Package content owns what the site publishes: slugs made from titles, publication
// (published_at, scheduled records and the publish job that announces them), the full-text
// search index kept in step with every write, and the feed settings. Its record hooks run for
// every writer: our API, PocketBase's records API and dashboard, /api/batch and Go code.
//
// Hooked collections: posts, projects, pages and courses (slugs); posts, projects and pages
// (publication); posts, projects, courses and talks (search index); site_settings (feed
// settings); the file downloads of posts and projects (file_access.go: only while v1 serves
// the record). Job: the publish job, every second while the app serves.
package content

import (
	"slices"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
)

// publishedCollections are the collections with draft and published_at: a record there is
// published when it is not a draft and published_at is empty or has come, scheduled when it is
// not a draft and published_at is still ahead.
var publishedCollections = []string{vocab.Posts, vocab.Projects, vocab.Pages}

// PublishedAtField is the field that says when a record goes, or went, live.
const PublishedAtField = vocab.FieldPublishedAt

// publishAnnounced is the hidden flag that content.published has fired for the record's
// current publication.
const publishAnnounced = "publish_announced"

// Announced reports whether rec's current publication is announced: the publication hook sets
// it on a save that leaves rec published (content.published then fires with that update), and
// the publish job when a scheduled record's time comes.
func Announced(rec *core.Record) bool { return rec.GetBool(publishAnnounced) }

// BindPublication stamps every save of a published collection, whoever the writer: a record
// saved as not a draft without published_at is published at the save time (the injected
// clock), and publish_announced says whether the record is published at that save. The outbox
// fires content.published on an update that leaves the record published (Announced); a record
// saved as scheduled keeps the flag unset, and the publish job (scheduled_publish.go) announces
// it when its time comes.
func BindPublication(app core.App, now func() time.Time) {
	handler := &hook.Handler[*core.RecordEvent]{Id: hookorder.ContentPublication, Priority: hookorder.ContentPublicationPriority,
		Func: func(e *core.RecordEvent) error {
			markPublication(e.Record, now())
			return e.Next()
		}}
	app.OnRecordCreateExecute(publishedCollections...).Bind(handler)
	app.OnRecordUpdateExecute(publishedCollections...).Bind(handler)
}

// markPublication fills published_at of a record going live without one, and sets the flag to
// whether rec is published at now, whatever a writer sent for it.
func markPublication(rec *core.Record, now time.Time) {
	if !rec.GetBool("draft") && rec.GetDateTime(PublishedAtField).IsZero() {
		rec.Set(PublishedAtField, now) // the date field normalises it to UTC, ms
	}
	rec.Set(publishAnnounced, isPublished(rec, now))
}

// servedCollections are the collections of publication that the v1 API reads (routes'
// publishable resources); pages are not read through the API.
var servedCollections = []string{vocab.Posts, vocab.Projects}

// Served reports whether the v1 API serves rec at now: a post or project, published (not a
// draft, published_at come) and public. Browser keys see the content events of such records
// only (outbox.ServedContentOnly).
func Served(rec *core.Record, now time.Time) bool {
	return slices.Contains(servedCollections, rec.Collection().Name) &&
		vocab.Served(rec.GetBool(vocab.FieldDraft), rec.GetString(vocab.FieldVisibility), rec.GetDateTime(PublishedAtField).Time(), now)
}

// isPublished reports whether rec is live at now (vocab.Published).
func isPublished(rec *core.Record, now time.Time) bool {
	return vocab.Published(rec.GetBool(vocab.FieldDraft), rec.GetDateTime(PublishedAtField).Time(), now)
}
