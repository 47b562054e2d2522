// Package vocab is the product's vocabulary: the names of its collections and the values of
// their select fields, the API key scopes, the webhook event names and the delivery statuses,
// each written once. It sits below hooks and routes and imports neither; the migrations do not
// import it (they are history: each holds the literal values it created), and a test compares
// a fresh install's schema with the lists here.
package vocab

// Collection names: the code's one spelling of them.
const (
	// Profile is the single-record collection describing the site owner.
	Profile = "profile"
	// Posts holds blog posts.
	Posts = "posts"
	// Projects holds portfolio projects (same shape as posts plus links).
	Projects = "projects"
	// Pages holds custom pages of the site.
	Pages = "pages"
	// Courses holds paid or free courses.
	Courses = "courses"
	// Lessons holds the lessons of a course; they never leave the server.
	Lessons = "lessons"
	// Talks holds conference talks.
	Talks = "talks"
	// Experience holds work experience entries.
	Experience = "experience"
	// Education holds education entries.
	Education = "education"
	// Skills holds skills.
	Skills = "skills"
	// Certifications holds certifications.
	Certifications = "certifications"
	// Members is the auth collection of site members.
	Members = "members"
	// Purchases records purchases of courses, posts, projects and products.
	Purchases = "purchases"
	// Enrollments records course enrollments.
	Enrollments = "enrollments"
	// Testimonials holds testimonials submitted by clients and students.
	Testimonials = "testimonials"
	// NewsletterSubscribers holds newsletter subscriptions.
	NewsletterSubscribers = "newsletter_subscribers"
	// PageViews records one row per page view for analytics.
	PageViews = "page_views"
	// SiteSettings is the single-record collection of owner settings (plan, webhook policy).
	SiteSettings = "site_settings"
	// APIKeys holds hashed API keys.
	APIKeys = "api_keys"
	// WebhookSubscriptions holds registered outbound webhook endpoints.
	WebhookSubscriptions = "webhook_subscriptions"
	// WebhookEvents is the event outbox (also served by the poll endpoint).
	WebhookEvents = "webhook_events"
	// WebhookDeliveries holds one delivery per (event, subscription) with its retry state.
	WebhookDeliveries = "webhook_deliveries"
	// WebhookAttempts holds every attempt of a delivery (its history), deleted with the delivery.
	WebhookAttempts = "webhook_attempts"
	// ContentRevisions holds the earlier states of content records (hooks/revisions).
	ContentRevisions = "content_revisions"
	// PreviewLinks holds the owner's preview links to unpublished records (hooks/previews).
	PreviewLinks = "preview_links"
)

// Select values as the code uses them now, in the schema's order. Each call returns a new
// slice, so no caller can change another's. A new value here needs a new migration that adds
// it to the field, and the schema test (pb_migrations) fails until one does.

// Visibilities are the values of posts.visibility and projects.visibility.
func Visibilities() []string {
	return []string{"public", "members", "paid", "private"}
}

// Plans are the values of site_settings.plan.
func Plans() []string {
	return []string{"free", "pro", "business"}
}

// PurchaseStatuses are the values of purchases.status.
func PurchaseStatuses() []string {
	return []string{"pending", "completed", "refunded"}
}

// PurchaseContentTypes are the values of purchases.content_type.
func PurchaseContentTypes() []string {
	return []string{"course", "post", "project", "product"}
}

// Scopes are the API key scopes that can be set (api_keys.scopes).
func Scopes() []string {
	return []string{"read", "write", "webhooks", "read:content", "read:members", "read:analytics", "write:webhooks",
		"subscribe", "members"}
}

// SubscriberStatuses are the values of newsletter_subscribers.status.
func SubscriberStatuses() []string {
	return []string{"pending", "confirmed", "unsubscribed", "bounced"}
}

// DeliveryStatuses are the values of webhook_deliveries.status.
func DeliveryStatuses() []string {
	return []string{"pending", "succeeded", "failed"}
}

// RevisionActions are the values of content_revisions.action.
func RevisionActions() []string {
	return []string{"update", "delete", "restore"}
}

// ActorTypes are the values of content_revisions.actor_type.
func ActorTypes() []string {
	return []string{"owner", "key", "command", "system"}
}

// SkillLevels are the values of skills.level.
func SkillLevels() []string {
	return []string{"beginner", "intermediate", "advanced", "expert"}
}
