package sender

import (
	"testing"
	"time"

	"github.com/creator-content-api/server/hooks/webhooks/subscriptions"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

func TestAdvance(t *testing.T) {
	at := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	failed := wire.Result{StatusCode: 500, Outcome: wire.Failed}
	tests := []struct {
		name              string
		attempt, failures int
		res               wire.Result
		want              outcome
	}{
		{name: "delivered resets the failures", attempt: 3, failures: 4, res: wire.Result{StatusCode: 204, Outcome: wire.Delivered},
			want: outcome{status: subscriptions.DeliverySucceeded, delivered: true}},
		{name: "gone fails it and switches off", attempt: 1, failures: 2, res: wire.Result{StatusCode: 410, Outcome: wire.Gone},
			want: outcome{status: subscriptions.DeliveryFailed, failures: 3, switchOff: subscriptions.ReasonGone}},
		{name: "a first failure retries after a minute", attempt: 1, res: failed,
			want: outcome{status: subscriptions.DeliveryPending, next: at.Add(time.Minute), failures: 1}},
		{name: "Retry-After longer than the schedule wins", attempt: 2, failures: 1,
			res:  wire.Result{StatusCode: 429, Outcome: wire.Failed, RetryAfter: time.Hour},
			want: outcome{status: subscriptions.DeliveryPending, next: at.Add(time.Hour), failures: 2}},
		{name: "the last attempt fails it", attempt: wire.MaxAttempts, failures: 5, res: failed,
			want: outcome{status: subscriptions.DeliveryFailed, failures: 6}},
		{name: "the 10th consecutive failure switches off", attempt: 1, failures: 9, res: failed,
			want: outcome{status: subscriptions.DeliveryFailed, failures: 10, switchOff: subscriptions.ReasonFailures}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := advance(tt.attempt, tt.failures, tt.res, at); got != tt.want {
				t.Fatalf("advance = %+v, want %+v", got, tt.want)
			}
		})
	}
}
