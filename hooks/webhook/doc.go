// Package webhook owns the wire side of push webhooks: signing (the spec's
// X-Service-Signature and the Standard Webhooks webhook-signature), the
// header names, the message body and request, an SSRF-guarded HTTP client
// with registration-time URL validation, one delivery attempt and its
// classification, and the retry schedule.
//
// It is pure Go and knows nothing of PocketBase: the outbox, the
// subscription records and the cron job that drives deliveries live in the
// hooks package and call into this one. Everything that signs or schedules
// takes its time as an argument, so tests never sleep.
package webhook
