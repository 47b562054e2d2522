package routes

import (
	"errors"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/apikey"
)

const keyContextKey = "cca.apiKey"

// errKeyInURL refuses a request whose URL held a key, whatever route it was meant for.
var errKeyInURL = &apierr.Error{Status: 401, Code: apierr.CodeUnauthorized,
	Message: "API keys are never accepted in the URL; send Authorization: Bearer <key> (and rotate this key: URLs are logged)"}

// requireKey authenticates the Bearer API key and checks it in the decisions' order: header,
// known key (401), active, expiry, origin (403 with their codes), then the route's scope
// (403 insufficient_scope). A warm key costs no database query.
func requireKey(store *apikey.Store, scope string, now func() time.Time) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if flagged, _ := e.Get(keyInURLFlag).(bool); flagged {
			return errKeyInURL
		}
		secret, ok := bearerToken(e.Request.Header.Get("Authorization"))
		if !ok || !apikey.WellFormed(secret) {
			return apierr.Unauthorized()
		}
		key, err := store.Lookup(apikey.Hash(secret))
		if err != nil {
			return keyError(err)
		}
		at := now()
		if err := key.Check(at, requestOrigin(e)); err != nil {
			return keyError(err)
		}
		if !apikey.Grants(key.Scopes, scope) {
			return apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope: this endpoint needs the "+scope+" scope")
		}
		store.Touch(key.ID, at)
		e.Set(keyContextKey, key)
		return e.Next()
	}
}

// authenticatedKey is the key requireKey accepted for this request.
func authenticatedKey(e *core.RequestEvent) *apikey.Key {
	k, _ := e.Get(keyContextKey).(*apikey.Key)
	return k
}

func keyError(err error) error {
	switch {
	case errors.Is(err, apikey.ErrUnknown):
		return apierr.Unauthorized()
	case errors.Is(err, apikey.ErrDisabled):
		return apierr.Forbidden(apierr.CodeKeyDisabled, "this API key is switched off")
	case errors.Is(err, apikey.ErrExpired):
		return apierr.Forbidden(apierr.CodeKeyExpired, "this API key has expired")
	case errors.Is(err, apikey.ErrOriginForbidden):
		return apierr.Forbidden(apierr.CodeOriginNotAllowed, "this API key may not be used from this origin")
	}
	return apierr.Internal(err)
}

// bearerToken returns the credential of an `Authorization: Bearer <token>` header (scheme
// case-insensitive, as RFC 9110 says).
func bearerToken(header string) (string, bool) {
	scheme, token, found := strings.Cut(header, " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// requestOrigin is the Origin header, else the origin of the Referer, else "".
func requestOrigin(e *core.RequestEvent) string {
	if o := e.Request.Header.Get("Origin"); o != "" {
		return o
	}
	return apikey.NormalizeOrigin(e.Request.Header.Get("Referer"))
}

// requireOwner lets only the owner (a PocketBase superuser token) through; anything else,
// an API key or a member's token included, is 401.
func requireOwner(e *core.RequestEvent) error {
	if !e.HasSuperuserAuth() {
		return &apierr.Error{Status: 401, Code: apierr.CodeUnauthorized, Message: "owner login required: send a superuser auth token in the Authorization header"}
	}
	return e.Next()
}
