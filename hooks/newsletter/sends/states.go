package sends

import "github.com/creator-content-api/server/hooks/vocab"

// The states of a send (newsletter_sends.state).
const (
	StateQueued    = "queued"
	StateSending   = "sending"
	StatePaused    = "paused"
	StateCancelled = "cancelled"
	StateFinished  = "finished"
)

// The states of a delivery (newsletter_deliveries.state): pending until the mail server took
// the message (sent), refused it for good (bounced: the subscriber is bounced too and never
// mailed again) or kept refusing it for the moment until the retries ran out (failed).
const (
	DeliveryPending = "pending"
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"
	DeliveryBounced = "bounced"
)

// The collections of the outbox.
const (
	collectionSends       = "newsletter_sends"
	collectionDeliveries  = "newsletter_deliveries"
	collectionSubscribers = vocab.NewsletterSubscribers
	collectionPosts       = vocab.Posts
)
