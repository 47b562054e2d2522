package routes

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/routes/apierr"
)

// errorEnvelope is ccaErrorEnvelope: it writes every error returned below it (handler errors, PocketBase's own
// errors, recovered panics) as the spec's envelope. It sits just outside PocketBase's panic
// recovery, so a panic arrives here as an error. The original error is returned afterwards so
// PocketBase's request log still records the cause; the client sees only the envelope.
func errorEnvelope() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       ErrorEnvelopeMiddlewareID,
		Priority: ErrorEnvelopeMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			if err == nil || e.Written() {
				return err
			}
			ae := toAPIError(err)
			e.Response.Header().Set("Cache-Control", "no-store")
			if werr := writeJSON(e, ae.Status, ae.Envelope()); werr != nil {
				return errors.Join(err, werr)
			}
			return err
		},
	}
}

// toAPIError maps any error to the envelope. Our own errors pass as they are, domain errors as
// domainError maps them; PocketBase's client errors get the spec's codes; everything else is a
// 500 that shows nothing of its cause.
func toAPIError(err error) *apierr.Error {
	if full, ok := insufficientStorage(err); ok { // before our own errors: a handler may wrap it in a 500
		return full
	}
	var ae *apierr.Error
	if errors.As(err, &ae) {
		return ae
	}
	if errors.Is(err, apis.ErrRequestEntityTooLarge) {
		return payloadTooLarge()
	}
	if errors.Is(err, sql.ErrNoRows) {
		return apierr.NotFound()
	}
	if ae, ok := knownError(err); ok {
		return ae
	}
	var pe *router.ApiError
	if !errors.As(err, &pe) {
		return apierr.Internal(err)
	}
	switch pe.Status {
	case http.StatusBadRequest:
		return &apierr.Error{Status: pe.Status, Code: apierr.CodeInvalidRequest, Message: "invalid request body", Cause: err}
	case http.StatusUnauthorized:
		return apierr.Unauthorized()
	case http.StatusForbidden:
		return apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope")
	case http.StatusNotFound:
		return apierr.NotFound()
	case http.StatusRequestEntityTooLarge:
		return payloadTooLarge()
	case http.StatusTooManyRequests:
		return &apierr.Error{Status: pe.Status, Code: apierr.CodeRateLimited, Message: "too many requests"}
	}
	return apierr.Internal(err)
}

func payloadTooLarge() *apierr.Error {
	return &apierr.Error{Status: http.StatusRequestEntityTooLarge, Code: apierr.CodePayloadTooLarge, Message: "request body too large (the limit is 1 MiB)"}
}
