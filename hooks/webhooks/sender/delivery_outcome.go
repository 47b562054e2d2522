package sender

import (
	"time"

	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// outcome is what one attempt does to its delivery and to its subscription.
type outcome struct {
	status    string    // the delivery's status after the attempt
	next      time.Time // its next_attempt_at; zero when none
	delivered bool      // delivered_at becomes the attempt's time
	failures  int       // the subscription's consecutive failures after the attempt
	switchOff string    // when not empty, the subscription is switched off for this reason
}

// advance is the rule of an attempt: success ends the delivery and resets the subscription's
// consecutive failures; a failure counts one more and schedules the next attempt (or fails the
// delivery after the last); the 10th consecutive failure, or a 410, switches the subscription
// off. attempt is the number of this attempt (1 for the first), failures the subscription's
// consecutive failures before it, at when it ended.
func advance(attempt, failures int, res wire.Result, at time.Time) outcome {
	switch res.Outcome {
	case wire.Delivered:
		return outcome{status: subscriptions.DeliverySucceeded, delivered: true}
	case wire.Gone:
		return outcome{status: subscriptions.DeliveryFailed, failures: failures + 1, switchOff: subscriptions.ReasonGone}
	}
	o := outcome{status: subscriptions.DeliveryPending, failures: failures + 1}
	next, more := wire.NextAttempt(attempt, at, res.RetryAfter)
	if o.failures >= wire.MaxConsecutiveFailures {
		o.switchOff = subscriptions.ReasonFailures
		more = false
	}
	if more {
		o.next = next
	} else {
		o.status = subscriptions.DeliveryFailed
	}
	return o
}
