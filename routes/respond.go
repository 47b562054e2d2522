package routes

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/readcache"
)

// writeJSON writes body as JSON with encoding/json, whose output is deterministic (sorted map
// keys), so the same data always has the same bytes and the same ETag.
func writeJSON(e *core.RequestEvent, status int, body any) error {
	b, err := marshal(body)
	if err != nil {
		return err
	}
	return e.Blob(status, "application/json; charset=utf-8", b)
}

func marshal(body any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// respond writes a success body. A GET gets a strong ETag of the exact bytes and a 304 with no
// body when the client's If-None-Match matches it.
func respond(e *core.RequestEvent, status int, body any) error {
	b, err := marshal(body)
	if err != nil {
		return err
	}
	return blobWithETag(e, status, "application/json; charset=utf-8", b)
}

// blobWithETag writes b; a GET or HEAD gets a strong ETag of the exact bytes and a 304 with no
// body when the client's If-None-Match matches it.
func blobWithETag(e *core.RequestEvent, status int, contentType string, b []byte) error {
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

// noContent answers a successful delete.
func noContent(e *core.RequestEvent) error {
	return e.NoContent(http.StatusNoContent)
}
