package routes

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"

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

// RateLimits configures the token buckets. With Enabled false nothing is limited and no
// rate-limit headers are sent.
type RateLimits struct {
	Enabled  bool
	Normal   ratelimit.Tier // v1 and v2 routes, per client IP
	Moderate ratelimit.Tier // admin routes and webhook registration, per client IP
	Poll     ratelimit.Tier // the poll route, per key, on top of Normal
	Strict   ratelimit.Tier // PocketBase's login and password endpoints, per client IP
}

// DefaultRateLimits are the spec's tiers.
func DefaultRateLimits() RateLimits {
	return RateLimits{Enabled: true, Normal: ratelimit.Normal, Moderate: ratelimit.Moderate, Poll: ratelimit.Poll, Strict: ratelimit.Strict}
}

// limiters holds one limiter per tier; a nil *limiters limits nothing.
type limiters struct {
	normal, moderate, poll, strict *ratelimit.Limiter
}

func newLimiters(cfg RateLimits) *limiters {
	if !cfg.Enabled {
		return nil
	}
	return &limiters{normal: ratelimit.New(cfg.Normal), moderate: ratelimit.New(cfg.Moderate),
		poll: ratelimit.New(cfg.Poll), strict: ratelimit.New(cfg.Strict)}
}

func (l *limiters) sweep(now time.Time) {
	if l == nil {
		return
	}
	l.normal.Sweep(now)
	l.moderate.Sweep(now)
	l.poll.Sweep(now)
	l.strict.Sweep(now)
}

// limitByIP counts the request against the client IP's bucket of a tier before anything else
// (failed requests count too, so key guessing is throttled).
func limitByIP(l *ratelimit.Limiter, now func() time.Time) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if l == nil {
			return e.Next()
		}
		return applyDecision(e, l.Allow(e.RealIP(), now()))
	}
}

// limitByKey counts the request against the authenticated key's bucket (the poll cap). Its
// headers replace the IP bucket's when it is the tighter of the two.
func limitByKey(l *ratelimit.Limiter, now func() time.Time) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if l == nil {
			return e.Next()
		}
		d := l.Allow(authenticatedKey(e).ID, now())
		if prev, err := strconv.Atoi(e.Response.Header().Get(HeaderRateRemaining)); err == nil && d.Allowed && prev < d.Remaining {
			return e.Next() // the IP bucket is tighter: keep its headers
		}
		return applyDecision(e, d)
	}
}

func applyDecision(e *core.RequestEvent, d ratelimit.Decision) error {
	if err := setRateHeaders(e, d); err != nil {
		return err
	}
	return e.Next()
}

// setRateHeaders writes the four rate-limit headers of d and returns the 429 when d denies.
func setRateHeaders(e *core.RequestEvent, d ratelimit.Decision) *apierr.Error {
	h := e.Response.Header()
	h.Set(HeaderRateLimit, strconv.Itoa(d.Limit))
	h.Set(HeaderRateRemaining, strconv.Itoa(d.Remaining))
	h.Set(HeaderRateReset, strconv.FormatInt(d.Reset.Unix(), 10))
	if d.Allowed {
		return nil
	}
	h.Set(HeaderRetryAfter, strconv.Itoa(int(math.Ceil(d.RetryAfter.Seconds()))))
	return &apierr.Error{Status: http.StatusTooManyRequests, Code: apierr.CodeRateLimited, Message: "too many requests"}
}
