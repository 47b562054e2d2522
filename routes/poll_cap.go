package routes

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/ratelimit"
)

// pollCap is ccaPollCap: it counts the request against the authenticated key's window, on top
// of the client IP's tier. Its headers replace the IP bucket's when it is the tighter of the two.
func pollCap(window *ratelimit.Window, refused *atomic.Uint64, now func() time.Time) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       PollCapMiddlewareID,
		Priority: PollCapMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			d := window.Allow(authenticatedKey(e).ID, now())
			if prev, err := strconv.Atoi(e.Response.Header().Get(HeaderRateRemaining)); err == nil && d.Allowed && prev < d.Remaining {
				return e.Next() // the IP bucket is tighter: keep its headers
			}
			if denied := setRateHeaders(e, d, refused); denied != nil {
				return denied
			}
			return e.Next()
		},
	}
}
