package routes

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/ratelimit"
	"github.com/creator-content-api/server/routes/readcache"
)

// RateLimits configures the token buckets. The zero value is the spec's tiers, on: a tier
// left zero is the spec's, and only Off switches limiting off (then nothing is limited and no
// rate-limit headers are sent). "Per client IP" is per IPv4 address and per IPv6 network of
// IPv6Prefix bits (ratelimit.ClientKey).
type RateLimits struct {
	// Off switches every API rate limit off (--rate-limits=off): benchmarks, trusted networks.
	Off      bool
	Normal   ratelimit.Tier // v1 and v2 routes, per client IP
	Moderate ratelimit.Tier // admin routes and webhook registration, per client IP
	Poll     ratelimit.Tier // the poll route, per key, on top of Normal: Burst polls in any Burst/PerMinute minutes
	Strict   ratelimit.Tier // PocketBase's login and password endpoints, per client IP
	// IPv6Prefix is the IPv6 network counted as one client, 1..128; 0 means
	// ratelimit.DefaultIPv6Prefix (a /64).
	IPv6Prefix int
}

// DefaultRateLimits are the spec's tiers, spelled out (what the zero RateLimits means).
func DefaultRateLimits() RateLimits {
	return RateLimits{Normal: ratelimit.Normal(), Moderate: ratelimit.Moderate(), Poll: ratelimit.Poll(), Strict: ratelimit.Strict(),
		IPv6Prefix: ratelimit.DefaultIPv6Prefix}
}

// RateTier names the per-IP tier a route is counted against.
type RateTier string

// The route table's tiers (the contract's x-rate-limit-tier; its "poll" is TierNormal with
// Route.PollCap).
const (
	// TierNormal is for v1 and v2 routes.
	TierNormal RateTier = "normal"
	// TierModerate is for admin routes and webhook registration.
	TierModerate RateTier = "moderate"
)

// groupTier is the tier of a path outside the table (unknown API paths): Moderate under
// /api/admin, Normal elsewhere.
func groupTier(path string) RateTier {
	if strings.HasPrefix(path, prefixAdmin) {
		return TierModerate
	}
	return TierNormal
}

// limiters holds one limiter per tier and how client IPs map to buckets.
type limiters struct {
	normal, moderate, strict *ratelimit.Limiter
	poll                     *ratelimit.Window
	v6Prefix                 int
	refused                  refusals
}

// refusals count each tier's 429s since the process started.
type refusals struct{ normal, moderate, poll, strict atomic.Uint64 }

// RateLimitRefusals are the 429s of each tier since the process started, by tier name
// (normal, moderate, poll, strict); nil when rate limits are off.
func (a *API) RateLimitRefusals() map[string]uint64 {
	l := a.limits
	if l == nil {
		return nil
	}
	return map[string]uint64{"normal": l.refused.normal.Load(), "moderate": l.refused.moderate.Load(),
		"poll": l.refused.poll.Load(), "strict": l.refused.strict.Load()}
}

// KeyLookups are the key store's look-up counts.
func (a *API) KeyLookups() keys.LookupStats { return a.keys.Stats() }

// ReadCacheStats are the read cache's counts and size.
func (a *API) ReadCacheStats() readcache.Stats { return a.reads.Stats() }

// newLimiters builds the limiters of cfg, its zero tiers the spec's; nil when cfg is Off.
func newLimiters(cfg RateLimits) (*limiters, error) {
	if cfg.Off {
		return nil, nil
	}
	def := DefaultRateLimits()
	for _, t := range []struct{ tier, fallback *ratelimit.Tier }{
		{&cfg.Normal, &def.Normal}, {&cfg.Moderate, &def.Moderate}, {&cfg.Poll, &def.Poll}, {&cfg.Strict, &def.Strict},
	} {
		if *t.tier == (ratelimit.Tier{}) {
			*t.tier = *t.fallback
		}
		if err := t.tier.Validate(); err != nil {
			return nil, fmt.Errorf("%w: RateLimits: %w", ErrInvalidConfig, err)
		}
	}
	if cfg.IPv6Prefix == 0 {
		cfg.IPv6Prefix = def.IPv6Prefix
	}
	if cfg.IPv6Prefix < 1 || cfg.IPv6Prefix > 128 {
		return nil, fmt.Errorf("%w: RateLimits.IPv6Prefix must be 1..128, not %d", ErrInvalidConfig, cfg.IPv6Prefix)
	}
	return &limiters{normal: ratelimit.New(cfg.Normal), moderate: ratelimit.New(cfg.Moderate),
		poll: ratelimit.NewWindow(cfg.Poll), strict: ratelimit.New(cfg.Strict), v6Prefix: cfg.IPv6Prefix}, nil
}

// tier is the limiter of a table tier (checkTable admits no other).
func (l *limiters) tier(t RateTier) *ratelimit.Limiter {
	if t == TierModerate {
		return l.moderate
	}
	return l.normal
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
