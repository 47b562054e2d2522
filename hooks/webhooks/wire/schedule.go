package wire

import "time"

// retryDelays are the waits after the 1st to 5th failed attempt: the spec's
// retries at +1 min, +5 min, +30 min, +2 h and +12 h, each counted from the
// failure it follows.
var retryDelays = [...]time.Duration{
	1 * time.Minute,
	5 * time.Minute,
	30 * time.Minute,
	2 * time.Hour,
	12 * time.Hour,
}

// RetryDelays returns the waits after the 1st to 5th failed attempt (a copy).
func RetryDelays() []time.Duration { return append([]time.Duration(nil), retryDelays[:]...) }

// MaxAttempts is the number of attempts of one delivery: the first and five
// retries.
const MaxAttempts = 6

// MaxConsecutiveFailures is the number of consecutive failed attempts, across
// deliveries, after which a subscription is switched off.
const MaxConsecutiveFailures = 10

// NextAttempt returns when to make the next attempt of a delivery whose
// attemptsMade-th attempt failed at failedAt: after the retry delay for that
// attempt, or after retryAfter (a 429's Retry-After) if that is longer. It
// returns false when no attempt is left (attemptsMade >= MaxAttempts). With
// attemptsMade < 1 nothing has been tried, so the attempt is due at once.
func NextAttempt(attemptsMade int, failedAt time.Time, retryAfter time.Duration) (time.Time, bool) {
	if attemptsMade >= MaxAttempts || attemptsMade > len(retryDelays) {
		return time.Time{}, false
	}
	if attemptsMade < 1 {
		return failedAt.Add(max(retryAfter, 0)), true
	}
	return failedAt.Add(max(retryDelays[attemptsMade-1], retryAfter)), true
}
