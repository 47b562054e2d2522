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

// The audiences of a send (newsletter_sends.audience): whom among the confirmed subscribers it
// mails. A subscriber's access level is that of the member with the same address (any case),
// public for one who is no member or a member switched off.
const (
	// AudienceEveryone mails every confirmed subscriber (the default).
	AudienceEveryone = "everyone"
	// AudienceMembers mails the confirmed subscribers who are members.
	AudienceMembers = "members"
	// AudiencePaid mails the confirmed subscribers who are paid members.
	AudiencePaid = "paid"
)

// NewsletterAudiences are the values of newsletter_sends.audience.
func NewsletterAudiences() []string {
	return []string{AudienceEveryone, AudienceMembers, AudiencePaid}
}

// AudienceAccess is the least access level of a recipient of audience; false for a value that
// is no audience.
func AudienceAccess(audience string) (Access, bool) {
	switch audience {
	case AudienceEveryone:
		return AccessPublic, true
	case AudienceMembers:
		return AccessMember, true
	case AudiencePaid:
		return AccessPaid, true
	}
	return AccessPublic, false
}
