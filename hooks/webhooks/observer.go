package webhooks

import "time"

// Observer is told what the webhook machinery does, for metrics. A nil field is not called.
type Observer struct {
	// Attempt is told of each delivery attempt that ended: its outcome (delivered, failed,
	// gone) and how long it took.
	Attempt func(outcome string, took time.Duration)
	// EventsWritten is told how many events a committed write stored.
	EventsWritten func(n int)
}
