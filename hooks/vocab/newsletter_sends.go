package vocab

// The newsletter's outbox (hooks/newsletter/sends).
const (
	// NewsletterSends holds one row per mailing of a post.
	NewsletterSends = "newsletter_sends"
	// NewsletterDeliveries holds one row per (send, subscriber).
	NewsletterDeliveries = "newsletter_deliveries"
)

// NewsletterSendStates are the values of newsletter_sends.state.
func NewsletterSendStates() []string {
	return []string{"queued", "sending", "paused", "cancelled", "finished"}
}

// NewsletterDeliveryStates are the values of newsletter_deliveries.state.
func NewsletterDeliveryStates() []string {
	return []string{"pending", "sent", "failed", "bounced"}
}
