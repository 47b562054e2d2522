package routes

import (
	"net/http"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// apiPrefixes are the path prefixes whose every answer is the API's.
var apiPrefixes = []string{prefixV1 + "/", prefixV2 + "/", prefixAdmin + "/"}

// refuseUncleanPaths answers an API path with dot segments or doubled slashes
// (/api/v1/webhooks/poll/.., /api/v1//posts) with the 404 envelope. Go's ServeMux would
// otherwise redirect it to the cleaned path with an HTML 307 before any of our middleware runs:
// no envelope, no request id, and a client that follows it sends its key again. Such a request
// is counted against its tier and answered like any unknown API path: 429 when over the limit,
// 401 when the URL holds a key, else 404, with the request id and rate-limit headers.
func (a *API) refuseUncleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if !isAPIPath(p) || p == cleanPath(p) {
			next.ServeHTTP(w, r)
			return
		}
		e := &core.RequestEvent{App: a.app}
		e.Request, e.Response = r, w
		w.Header().Set(HeaderRequestID, requestIDOf(r))
		w.Header().Set("Cache-Control", "no-store")
		answer := apierr.NotFound()
		if denied := a.countUnclean(e); denied != nil {
			answer = denied
		} else if redactKeys(r) {
			answer = errKeyInURL
		}
		if err := writeJSON(e, answer.Status, answer.Envelope()); err != nil {
			e.App.Logger().Error("writing the answer to an unclean API path", "error", err)
		}
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

// countUnclean counts the request against its group's tier, as ccaRateLimit would on the
// catch-all (which the request never reaches), and returns the 429 when over the limit.
func (a *API) countUnclean(e *core.RequestEvent) *apierr.Error {
	if a.limits == nil {
		return nil
	}
	return a.limits.count(e, groupTier(e.Request.URL.Path), a.cfg.Now())
}
