package ratelimit

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ErrInvalidTier is returned (wrapped with the reason) by ParseTier and
// Tier.Validate for a tier that cannot limit anything.
var ErrInvalidTier = errors.New("invalid rate-limit tier")

// Tier is a steady rate and a burst: a bucket holds at most Burst tokens and
// refills at PerMinute tokens per minute; each request takes one token.
type Tier struct {
	// Name labels the tier in logs and errors ("normal", "moderate", ...).
	Name string
	// PerMinute is the steady refill rate in requests per minute.
	PerMinute float64
	// Burst is the bucket size, the most requests allowed at once; it is
	// also what X-RateLimit-Limit reports.
	Burst int
}

// The spec's default tiers (Limits section), as functions so that no caller can change the
// defaults of another. Poll is the extra per-key cap on GET /api/v1/webhooks/poll/{event}; the
// spec gives it no burst, so its burst is its whole per-minute allowance.

// Normal is the default Normal tier (v1 and v2 reads and writes).
func Normal() Tier { return Tier{Name: "normal", PerMinute: 60, Burst: 10} }

// Moderate is the default Moderate tier (admin, webhook registration).
func Moderate() Tier { return Tier{Name: "moderate", PerMinute: 10, Burst: 5} }

// Strict is the default Strict tier (the owner's login and password endpoints).
func Strict() Tier { return Tier{Name: "strict", PerMinute: 5, Burst: 3} }

// Poll is the default per-key poll cap.
func Poll() Tier { return Tier{Name: "poll", PerMinute: 20, Burst: 20} }

// maxPerMinute keeps rates in a range where float64 token arithmetic and the
// nanosecond durations derived from it stay exact enough; a limit above a
// million requests per second is no limit at all (use the off switch).
const maxPerMinute = 60e6

// Validate reports, wrapped in ErrInvalidTier, why t cannot be used: a rate
// that is not a positive finite number, or a burst below 1.
func (t Tier) Validate() error {
	if math.IsNaN(t.PerMinute) || t.PerMinute <= 0 || t.PerMinute > maxPerMinute {
		return fmt.Errorf("%w %q: rate %v per minute must be > 0 and <= %v", ErrInvalidTier, t.Name, t.PerMinute, float64(maxPerMinute))
	}
	if t.Burst <= 0 {
		return fmt.Errorf("%w %q: burst %d must be >= 1", ErrInvalidTier, t.Name, t.Burst)
	}
	return nil
}

// String formats t in the form ParseTier reads, "60/min:10".
func (t Tier) String() string {
	return strconv.FormatFloat(t.PerMinute, 'g', -1, 64) + "/min:" + strconv.Itoa(t.Burst)
}

// ParseTier reads a tier from a flag or environment value of the form
// "<n>/min:<burst>" or "<n>/s:<burst>", e.g. "60/min:10" or "2.5/s:20".
// n may be fractional; burst is a whole number. The result is validated.
func ParseTier(name, s string) (Tier, error) {
	rateStr, burstStr, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok {
		return Tier{}, fmt.Errorf("%w %q: %q: want <n>/min:<burst> or <n>/s:<burst>", ErrInvalidTier, name, s)
	}
	numStr, unit, ok := strings.Cut(rateStr, "/")
	if !ok {
		return Tier{}, fmt.Errorf("%w %q: %q: missing /min or /s", ErrInvalidTier, name, s)
	}
	n, err := strconv.ParseFloat(numStr, 64)
	if err != nil {
		return Tier{}, fmt.Errorf("%w %q: rate %q: %w", ErrInvalidTier, name, numStr, err)
	}
	var perMinute float64
	switch unit {
	case "min":
		perMinute = n
	case "s":
		perMinute = n * 60
	default:
		return Tier{}, fmt.Errorf("%w %q: unit %q: want min or s", ErrInvalidTier, name, unit)
	}
	burst, err := strconv.Atoi(burstStr)
	if err != nil {
		return Tier{}, fmt.Errorf("%w %q: burst %q: %w", ErrInvalidTier, name, burstStr, err)
	}
	t := Tier{Name: name, PerMinute: perMinute, Burst: burst}
	if err := t.Validate(); err != nil {
		return Tier{}, err
	}
	return t, nil
}
