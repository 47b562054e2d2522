// Package wire is the wire format of push webhooks and the client that sends it: the message
// body and its ids (evt_..., dlv_...), signing (the spec's X-Service-Signature and the
// Standard Webhooks webhook-signature), the header names, an SSRF-guarded HTTP client with
// registration-time URL validation, one delivery attempt and its classification, and the
// retry schedule.
//
// It is pure Go and knows nothing of PocketBase: the outbox, the subscription records and the
// dispatcher that drives deliveries live in package webhooks and call into this one.
// Everything that signs or schedules takes its time as an argument, so tests never sleep.
package wire
