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
// rate-limit headers are sent. "Per client IP" is per IPv4 address and per IPv6 network of
// IPv6Prefix bits (ratelimit.ClientKey).
type RateLimits struct {
	Enabled  bool
	Normal   ratelimit.Tier // v1 and v2 routes, per client IP
	Moderate ratelimit.Tier // admin routes and webhook registration, per client IP
	Poll     ratelimit.Tier // the poll route, per key, on top of Normal: Burst polls in any Burst/PerMinute minutes
	Strict   ratelimit.Tier // PocketBase's login and password endpoints, per client IP
	// IPv6Prefix is the IPv6 network counted as one client, 1..128; 0 means
	// ratelimit.DefaultIPv6Prefix (a /64).
	IPv6Prefix int
}

// DefaultRateLimits are the spec's tiers.
func DefaultRateLimits() RateLimits {
	return RateLimits{Enabled: true, Normal: ratelimit.Normal, Moderate: ratelimit.Moderate, Poll: ratelimit.Poll, Strict: ratelimit.Strict,
		IPv6Prefix: ratelimit.DefaultIPv6Prefix}
}

// limiters holds one limiter per tier and how client IPs map to buckets; a nil *limiters
// limits nothing.
type limiters struct {
	normal, moderate, strict *ratelimit.Limiter
	poll                     *ratelimit.Window
	v6Prefix                 int
}

// newLimiters panics on an IPv6 prefix outside 1..128, as ratelimit.New does on a bad tier:
// main validates both at start.
func newLimiters(cfg RateLimits) *limiters {
	if !cfg.Enabled {
		return nil
	}
	if cfg.IPv6Prefix == 0 {
		cfg.IPv6Prefix = ratelimit.DefaultIPv6Prefix
	}
	if cfg.IPv6Prefix < 1 || cfg.IPv6Prefix > 128 {
		panic("routes: RateLimits.IPv6Prefix must be 1..128, not " + strconv.Itoa(cfg.IPv6Prefix))
	}
	return &limiters{normal: ratelimit.New(cfg.Normal), moderate: ratelimit.New(cfg.Moderate),
		poll: ratelimit.NewWindow(cfg.Poll), strict: ratelimit.New(cfg.Strict), v6Prefix: cfg.IPv6Prefix}
}

// clientKey is the bucket of the request's client: PocketBase's real IP, IPv6 by network.
func (l *limiters) clientKey(e *core.RequestEvent) string {
	return ratelimit.ClientKey(e.RealIP(), l.v6Prefix)
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

// limitByIP counts the request against the client's bucket of a tier before anything else
// (failed requests count too, so key guessing is throttled).
func (a *API) limitByIP(tier func(*limiters) *ratelimit.Limiter) func(e *core.RequestEvent) error {
	l := a.tierOf(tier)
	return func(e *core.RequestEvent) error {
		if l == nil {
			return e.Next()
		}
		return applyDecision(e, l.Allow(a.limits.clientKey(e), a.cfg.Now()))
	}
}

// limitByKey counts the request against the authenticated key's window (the poll cap). Its
// headers replace the IP bucket's when it is the tighter of the two.
func limitByKey(l *ratelimit.Window, now func() time.Time) func(e *core.RequestEvent) error {
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
