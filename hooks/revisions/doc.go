// Package revisions keeps the history of content records: every update and delete of a
// content record (contentCollections), by anyone (the v1 API, PocketBase's records API and dashboard,
// /api/batch, a command, Go code), writes the record's previous field values as a revision in
// the transaction of the change (capture.go), with who made it (actor.go) and a copy of every
// file the change removes (files.go). The owner lists revisions, compares one with the record
// and restores it (service.go, diff.go, restore.go); the ccaRevisionsPrune cron job keeps the
// last Config.Keep revisions of a record for at most Config.MaxAge (prune.go).
//
// The revisions live in the content_revisions collection, whose rules are nil: only the owner
// reads them, never a key through v1 or v2.
package revisions
