package revisions

import "errors"

// Errors of the owner's operations; routes turns each into its answer.
var (
	// ErrNotFound: no revision has that id (or it was pruned).
	ErrNotFound = errors.New("revisions: no such revision")
	// ErrExpired: the revision is older than the retention and waits to be pruned.
	ErrExpired = errors.New("revisions: the revision is past its retention")
	// ErrNotContent: the collection keeps no revisions.
	ErrNotContent = errors.New("revisions: the collection keeps no revisions")
	// ErrRecordDeleted: the record was deleted, so there is nothing to compare with.
	ErrRecordDeleted = errors.New("revisions: the record was deleted")
	// ErrMismatch: the revision is not one of the record the caller named.
	ErrMismatch = errors.New("revisions: the revision belongs to another record")
	// ErrSlugTaken: another record has taken the revision's slug meanwhile.
	ErrSlugTaken = errors.New("revisions: the slug is taken by another record")
)
