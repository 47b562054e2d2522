// Package reply writes the bodies of successful answers as every part of the HTTP layer does
// (the API under routes, the feeds, the MCP server): JSON with one deterministic encoding, and
// a strong ETag of the exact bytes with a 304 for a client that holds them. Errors are
// apierr's envelope, written by routes' error middleware.
package reply

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/readcache"
)

// JSON encodes body with encoding/json, whose output is deterministic (sorted map keys), so
// the same data always has the same bytes and the same ETag. HTML is not escaped (a post's
// content reads as it is written) and there is no trailing newline.
func JSON(body any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// BlobWithETag writes b; a GET or HEAD gets a strong ETag of the exact bytes and a 304 with no
// body when the client's If-None-Match matches it.
func BlobWithETag(e *core.RequestEvent, status int, contentType string, b []byte) error {
	if e.Request.Method == http.MethodGet || e.Request.Method == http.MethodHead {
		sum := sha256.Sum256(b)
		etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
		e.Response.Header().Set("ETag", etag)
		if readcache.NotModified(e.Request.Header.Get("If-None-Match"), etag) {
			return e.NoContent(http.StatusNotModified)
		}
	}
	return e.Blob(status, contentType, b)
}
