package routes

import (
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/cursor"
)

// CursorCodecOf is the codec the API signs its cursors with on app. The fuzz targets of
// routes_test sign positions of their choosing with it, so that cursors which verify reach
// the keyset queries (a fuzzer cannot forge the MAC).
func CursorCodecOf(app core.App) (*cursor.Codec, error) { return newCursorCodec(app) }

// PollList is the cursor list of one event's poll.
func PollList(event string) string { return pollList(event) }
