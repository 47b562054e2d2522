package routes

import (
	"net/http"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// unmatched answers requests no route took: 401 when the URL held a key (as on every route),
// else 405 with Allow when the path exists under another method, 404 otherwise; all in the
// envelope (PocketBase's own catch-all would not be).
type unmatched struct {
	paths   *http.ServeMux // method-less patterns, to find which route a path belongs to
	methods map[string][]string
}

func newUnmatched(methodsByPath map[string][]string) *unmatched {
	u := &unmatched{paths: http.NewServeMux(), methods: map[string][]string{}}
	for path, methods := range methodsByPath {
		u.paths.Handle(path, http.NotFoundHandler())
		u.methods[path] = methods
	}
	return u
}

func (u *unmatched) handle(e *core.RequestEvent) error {
	if flagged, _ := e.Get(keyInURLFlag).(bool); flagged {
		return errKeyInURL
	}
	probe := e.Request.Clone(e.Request.Context())
	probe.Method = http.MethodGet
	if _, pattern := u.paths.Handler(probe); pattern != "" {
		allowed := slices.Clone(u.methods[pattern])
		if slices.Contains(allowed, http.MethodGet) {
			allowed = append(allowed, http.MethodHead)
		}
		slices.Sort(allowed)
		e.Response.Header().Set("Allow", strings.Join(slices.Compact(allowed), ", "))
		return &apierr.Error{Status: http.StatusMethodNotAllowed, Code: apierr.CodeMethodNotAllowed,
			Message: "method " + e.Request.Method + " is not allowed here; allowed: " + strings.Join(allowed, ", ")}
	}
	return apierr.NotFound()
}
