package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/reply"
)

// writeJSON writes body as JSON in reply's deterministic encoding, so the same data always has
// the same bytes and the same ETag.
func writeJSON(e *core.RequestEvent, status int, body any) error {
	b, err := reply.JSON(body)
	if err != nil {
		return err
	}
	return e.Blob(status, "application/json; charset=utf-8", b)
}

// respond writes a success body. A GET gets a strong ETag of the exact bytes and a 304 with no
// body when the client's If-None-Match matches it.
func respond(e *core.RequestEvent, status int, body any) error {
	b, err := reply.JSON(body)
	if err != nil {
		return err
	}
	return reply.BlobWithETag(e, status, "application/json; charset=utf-8", b)
}

// noContent answers a successful delete.
func noContent(e *core.RequestEvent) error {
	return e.NoContent(http.StatusNoContent)
}
