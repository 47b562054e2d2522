package metrics

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// MiddlewareID is the middleware that observes request durations.
const MiddlewareID = "ccaMetrics"

// Middleware observes every request's duration under its method, route pattern and status.
// priority is where it runs: first after the request id (routes.MetricsMiddlewarePriority).
func (m *Metrics) Middleware(priority int) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       MiddlewareID,
		Priority: priority,
		Func: func(e *core.RequestEvent) error {
			started := time.Now()
			err := e.Next()
			m.requests.WithLabelValues(method(e.Request.Method), route(e.Request), strconv.Itoa(status(e, err))).
				Observe(time.Since(started).Seconds())
			return err
		},
	}
}

// method is the request's method, or OTHER for one HTTP does not define (a client chooses it,
// and a label must not take any value a client sends).
func method(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// route is the pattern that matched the request, without its method ("/api/v1/posts/{slug}"),
// or "unmatched".
func route(r *http.Request) string {
	p := r.Pattern
	if i := strings.IndexByte(p, ' '); i >= 0 {
		p = p[i+1:]
	}
	if p == "" {
		return "unmatched"
	}
	return p
}

// status is the answer's status: the one written, else the error's (PocketBase writes errors
// outside the middleware), else 200.
func status(e *core.RequestEvent, err error) int {
	if s := e.Status(); s != 0 {
		return s
	}
	if err != nil {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			return apiErr.Status
		}
		return http.StatusInternalServerError
	}
	return http.StatusOK
}
