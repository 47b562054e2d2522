// Package apierr is the error envelope of the API: every failure under /api/v1, /api/v2 and
// /api/admin is an *Error, written as {"error":{"code","message"}}. An Error carries a public
// code and message for the client and a private cause for the log.
package apierr

import (
	"fmt"
	"net/http"

	"github.com/creator-content-api/server/hooks/keys"
)

// The stable codes of the envelope.
const (
	CodeInvalidRequest    = "invalid_request"
	CodeUnauthorized      = "unauthorized"
	CodeInsufficientScope = "insufficient_scope"
	CodeKeyDisabled       = "key_disabled"
	CodeKeyExpired        = "key_expired"
	CodeOriginNotAllowed  = "origin_not_allowed"
	CodeNotFound          = "not_found"
	CodeMethodNotAllowed  = "method_not_allowed"
	CodePayloadTooLarge   = "payload_too_large"
	CodeRateLimited       = "rate_limited"
	CodeInternal          = "internal_error"
	CodeNotProvisioned    = "not_provisioned"
	CodeHTTPSRequired     = "https_required"
	// CodeWebhookLimitReached (409): the site holds its maximum of webhook subscriptions.
	CodeWebhookLimitReached = "webhook_limit_reached"
	// CodeLastEventUnknown (410): an event stream cannot resume after the Last-Event-ID
	// given: no stored event has it (older than the 7 days kept, or never sent).
	CodeLastEventUnknown = "last_event_id_unknown"
	// CodeTooManyStreams (429): the key, or the server, has as many event streams open as it
	// allows.
	CodeTooManyStreams = "too_many_streams"
	// CodeInsufficientStorage (507): the data directory's disk is full; nothing was saved.
	CodeInsufficientStorage = "insufficient_storage"
	// CodeConflict (409): the record's state refuses the change: a delete of a record other
	// records require, update_draft of a published record (MCP).
	CodeConflict = "conflict"
)

// Error is an API failure: Status and the envelope's Code and Message go to the client;
// Cause goes only to the log.
type Error struct {
	Status  int
	Code    string
	Message string
	Cause   error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%d %s: %s: %v", e.Status, e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Cause }

// Envelope is the JSON body of e.
func (e *Error) Envelope() map[string]any {
	// A message may quote what the client sent (an unknown field, a bad value): nothing that
	// looks like a key is echoed back, whatever part of the request carried it.
	return map[string]any{"error": map[string]string{"code": e.Code, "message": keys.Redact(e.Message)}}
}

// InvalidRequest is a 400 with a message that says what is wrong.
func InvalidRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidRequest, Message: msg}
}

// InvalidParam is a 400 naming the query parameter at fault.
func InvalidParam(name, reason string) *Error {
	return InvalidRequest(fmt.Sprintf("invalid query parameter %q: %s", name, reason))
}

// InvalidField is a 400 naming the body field at fault.
func InvalidField(name, reason string) *Error {
	return InvalidRequest(fmt.Sprintf("invalid field %q: %s", name, reason))
}

// Unauthorized is the 401 of a missing, malformed or unknown credential.
func Unauthorized() *Error {
	return &Error{Status: http.StatusUnauthorized, Code: CodeUnauthorized, Message: "missing or invalid Authorization header"}
}

// Forbidden is a 403 with one of the key codes.
func Forbidden(code, msg string) *Error {
	return &Error{Status: http.StatusForbidden, Code: code, Message: msg}
}

// NotFound is the 404 of a resource that does not exist or is not public.
func NotFound() *Error {
	return &Error{Status: http.StatusNotFound, Code: CodeNotFound, Message: "not found"}
}

// Internal is a 500 whose cause is logged and never shown.
func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "query failed", Cause: cause}
}

// NotProvisioned is the 503 of a site without the webhook collections.
func NotProvisioned(cause error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: CodeNotProvisioned, Message: "webhooks_not_provisioned", Cause: cause}
}
