package routes

import (
	"net/http"
	"path"
	"strings"

	"github.com/creator-content-api/server/routes/apierr"
)

// apiPrefixes are the path prefixes whose every answer is the API's.
var apiPrefixes = []string{prefixV1 + "/", prefixV2 + "/", prefixAdmin + "/"}

// refuseUncleanPaths answers an API path with dot segments or doubled slashes
// (/api/v1/webhooks/poll/.., /api/v1//posts) with the 404 envelope. Go's ServeMux would
// otherwise redirect it to the cleaned path with an HTML 307 before any of our middleware runs:
// no envelope, no request id, and a client that follows it sends its key again.
func refuseUncleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if isAPIPath(p) && p != cleanPath(p) {
			w.Header().Set(HeaderRequestID, newRequestID())
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			body, _ := marshal(apierr.NotFound().Envelope()) // a constant map of strings: cannot fail
			_, _ = w.Write(body)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func isAPIPath(p string) bool {
	for _, prefix := range apiPrefixes {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// cleanPath is path.Clean keeping a trailing slash, as ServeMux does.
func cleanPath(p string) string {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}
