package routes

import (
	"math"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/ratelimit"
)

// The rate-limit response headers.
const (
	HeaderRateLimit     = "X-RateLimit-Limit"
	HeaderRateRemaining = "X-RateLimit-Remaining"
	HeaderRateReset     = "X-RateLimit-Reset"
	HeaderRetryAfter    = "Retry-After"
)

// rateLimit is ccaRateLimit: it counts the request against the client's bucket of a tier
// before anything else can fail, so failed requests count too and key guessing is throttled.
func rateLimit(l *limiters, tier RateTier, now func() time.Time) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       RateLimitMiddlewareID,
		Priority: RateLimitMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			if denied := l.count(e, tier, now()); denied != nil {
				return denied
			}
			return e.Next()
		},
	}
}

// count takes a token from the client's bucket of tier, writes the rate-limit headers and
// returns the 429 when the bucket is empty.
func (l *limiters) count(e *core.RequestEvent, tier RateTier, at time.Time) *apierr.Error {
	counter := &l.refused.normal
	if tier == TierModerate {
		counter = &l.refused.moderate
	}
	return setRateHeaders(e, l.tier(tier).Allow(l.clientKey(e), at), counter)
}

// setRateHeaders writes the four rate-limit headers of d and returns the 429 when d denies.
// A refusal is counted in refused.
func setRateHeaders(e *core.RequestEvent, d ratelimit.Decision, refused *atomic.Uint64) *apierr.Error {
	h := e.Response.Header()
	h.Set(HeaderRateLimit, strconv.Itoa(d.Limit))
	h.Set(HeaderRateRemaining, strconv.Itoa(d.Remaining))
	h.Set(HeaderRateReset, strconv.FormatInt(d.Reset.Unix(), 10))
	if d.Allowed {
		return nil
	}
	refused.Add(1)
	h.Set(HeaderRetryAfter, strconv.Itoa(int(math.Ceil(d.RetryAfter.Seconds()))))
	return &apierr.Error{Status: http.StatusTooManyRequests, Code: apierr.CodeRateLimited, Message: "too many requests"}
}
