// Package pb_migrations owns the database schema of the Creator Content API: every collection,
// field, index and seed record is created here by a timestamped PocketBase Go migration, and the
// collection names and select values other packages need are defined here once.
//
// Migrations are history: each holds the literal values it created (a select field's values
// included), never a variable the code may change later, so that a fresh install and an
// upgraded one get the same schema. The helpers they share (collection.go, content_collection.go,
// fields.go) are history too. A new select value, field or index is a new migration; a test
// checks that a fresh install's select values equal the lists in names.go.
//
// All collections keep every API rule nil (superusers only): PocketBase's record API is the
// owner's dashboard, while the public API is served by the service's own Go routes.
package pb_migrations

// Collection names: the code's one spelling of them; hooks, routes and tests import them.
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

// Select values as the code uses them now, in the schema's order. Treat them as read-only.
//
// They describe the schema; they do not make it: each migration holds its own literal copy. So
// a new value here needs a new migration that adds it to the field (and raises a multi-select's
// MaxSelect), and the schema test fails until one does.
var (
	// Visibilities are the values of posts.visibility and projects.visibility.
	Visibilities = []string{"public", "members", "private"}
	// Plans are the values of site_settings.plan.
	Plans = []string{"free", "pro", "business"}
	// PurchaseStatuses are the values of purchases.status.
	PurchaseStatuses = []string{"pending", "completed", "refunded"}
	// PurchaseContentTypes are the values of purchases.content_type.
	PurchaseContentTypes = []string{"course", "post", "project", "product"}
	// Scopes are the API key scopes that can be set (api_keys.scopes).
	Scopes = []string{"read", "write", "webhooks", "read:content", "read:members", "read:analytics", "write:webhooks"}
	// EventNames are the webhook event names (webhook_events.event, webhook_subscriptions.events).
	EventNames = []string{
		"content.created", "content.updated", "content.deleted", "content.published",
		"purchase.completed", "course.enrolled", "course.completed",
		"testimonial.submitted", "newsletter.subscribe",
	}
	// DeliveryStatuses are the values of webhook_deliveries.status.
	DeliveryStatuses = []string{"pending", "succeeded", "failed"}
	// RevisionActions are the values of content_revisions.action.
	RevisionActions = []string{"update", "delete", "restore"}
	// ActorTypes are the values of content_revisions.actor_type.
	ActorTypes = []string{"owner", "key", "command", "system"}
	// SkillLevels are the values of skills.level.
	SkillLevels = []string{"beginner", "intermediate", "advanced", "expert"}
)
