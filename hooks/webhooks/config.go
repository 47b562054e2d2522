package webhooks

import "github.com/creator-content-api/server/hooks/webhooks/sender"

// Config is everything the webhook machinery takes from outside: the sender's clock, sizes,
// client and keys' generation (sender.Config; its Now is the events' clock too), and the
// observer.
type Config struct {
	sender.Config
	// Observer, when set, is told of every attempt and of the events each commit wrote (the
	// metrics); its calls must be quick, since attempts and commits wait for them.
	Observer Observer
}
