package wire

// Header names sent with every delivery. The X-Service-* headers are the
// spec's; the lower-case webhook-* headers are the Standard Webhooks ones, so
// receivers can verify with its libraries and get replay protection. HTTP
// header names are case-insensitive; Go sends them canonicalised
// (Webhook-Id), which every Standard Webhooks library accepts.
const (
	// HeaderEvent carries the event name, e.g. content.created.
	HeaderEvent = "X-Service-Event"
	// HeaderDelivery carries the delivery id (dlv_...), the same on every
	// retry of one delivery so receivers can de-duplicate.
	HeaderDelivery = "X-Service-Delivery"
	// HeaderSignature carries Sign's "sha256=<hex>" over the raw body.
	HeaderSignature = "X-Service-Signature"
	// HeaderTimestamp carries the Unix seconds of the attempt.
	HeaderTimestamp = "X-Service-Timestamp"

	// HeaderWebhookID is the Standard Webhooks message id (the delivery id).
	HeaderWebhookID = "webhook-id"
	// HeaderWebhookTimestamp is the Standard Webhooks Unix-seconds timestamp.
	HeaderWebhookTimestamp = "webhook-timestamp"
	// HeaderWebhookSignature is the Standard Webhooks "v1,<base64>" signature.
	HeaderWebhookSignature = "webhook-signature"
)

// UserAgent is the User-Agent of every delivery, so receivers and their
// firewalls can recognise the traffic.
const UserAgent = "CreatorContentAPI-Webhooks/1.0"

// ContentTypeJSON is the Content-Type of every delivery body.
const ContentTypeJSON = "application/json"
