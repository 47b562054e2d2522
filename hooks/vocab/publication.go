package vocab

import "time"

// What "published" means, in each form the code needs, written once here and checked against
// each other (TestPublicationForms): a record of a publishable collection (posts, projects,
// pages) is published at a time when it is not a draft and its published_at is empty (saved
// before scheduling existed) or not after that time; it is scheduled when it is not a draft
// and published_at is still ahead. Served is the public rule (feeds, tags, the events a browser
// key sees): published and public. v1 lists and reads also show published members and paid
// records, whole or cut by reader (access.go).

// The publication fields and the public visibility.
const (
	FieldDraft       = "draft"
	FieldPublishedAt = "published_at"
	FieldVisibility  = "visibility"
	VisibilityPublic = "public"
)

// Published is the rule for a record's values: draft, and published_at (zero when empty).
func Published(draft bool, publishedAt, now time.Time) bool {
	return !draft && !publishedAt.After(now)
}

// Served is the public rule: published, and public.
func Served(draft bool, visibility string, publishedAt, now time.Time) bool {
	return visibility == VisibilityPublic && Published(draft, publishedAt, now)
}

// The rule as SQL conditions on a record's row, the time bound as {:now} in PocketBase's date
// layout (whose text order is the time order; an empty published_at sorts first, so it has
// come).
const (
	// NotDraftPublicSQL is the part of ServedSQL without the time, spelled as the WHERE of the
	// partial indexes of the publishable collections so that SQLite uses them.
	NotDraftPublicSQL = "draft = 0 AND visibility = 'public'"
	// PublishedBySQL is the part with the time: published_at has come by {:now}.
	PublishedBySQL = "published_at <= {:now}"
	// NotDraftSQL is the part of PublishedSQL without the time.
	NotDraftSQL = "draft = 0"
	// PublishedSQL is Published.
	PublishedSQL = NotDraftSQL + " AND " + PublishedBySQL
	// ServedSQL is Served.
	ServedSQL = NotDraftPublicSQL + " AND " + PublishedBySQL
)

// The rule as PocketBase filters (the records API's syntax), the time bound as {:now}.
const (
	// PublishedFilter is Published.
	PublishedFilter = "draft = false && (published_at = '' || published_at <= {:now})"
	// ServedFilter is Served.
	ServedFilter = "draft = false && visibility = 'public' && (published_at = '' || published_at <= {:now})"
)
