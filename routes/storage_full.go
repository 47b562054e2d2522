package routes

import (
	"errors"
	"net/http"
	"strings"

	"github.com/creator-content-api/server/routes/apierr"
)

// sqliteFull is SQLite's primary result code SQLITE_FULL, "database or disk is full": the
// disk of the data directory has no room for the write (or the database hit its page limit).
const sqliteFull = 13

// sqliteFullText is how modernc.org/sqlite spells SQLITE_FULL in an error that lost its type:
// a failed statement whose rollback failed too comes back as the two messages joined.
const sqliteFullText = "database or disk is full (13)"

// IsStorageFull reports whether err is SQLite's SQLITE_FULL, however it was wrapped.
func IsStorageFull(err error) bool {
	var coded interface{ Code() int } // modernc.org/sqlite's *sqlite.Error: an extended result code
	if errors.As(err, &coded) && coded.Code()&0xff == sqliteFull {
		return true
	}
	return err != nil && strings.Contains(err.Error(), sqliteFullText)
}

// insufficientStorage is the 507 of a write that failed because the data directory's disk is
// full, whichever layer wrapped SQLite's error (PocketBase's Save, a handler's
// apierr.Internal). Nothing was half-written: the write's transaction rolled back. Reads go
// on working, and writes succeed again once there is room, without a restart.
func insufficientStorage(err error) (*apierr.Error, bool) {
	if !IsStorageFull(err) {
		return nil, false
	}
	return &apierr.Error{Status: http.StatusInsufficientStorage, Code: apierr.CodeInsufficientStorage,
		Message: "the server's storage is full: nothing was saved; try again later", Cause: err}, true
}
