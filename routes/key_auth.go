package routes

import (
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/routes/apierr"
)

const keyContextKey = "cca.apiKey"

// errKeyInURL refuses a request whose URL held a key, whatever route it was meant for.
var errKeyInURL = &apierr.Error{Status: 401, Code: apierr.CodeUnauthorized,
	Message: "API keys are never accepted in the URL; send Authorization: Bearer <key> (and rotate this key: URLs are logged)"}

// keyAuth is ccaKeyAuth: it authenticates the Bearer API key and checks it in the decisions'
// order: header, known key (401), active, expiry, origin (403 with their codes), then the
// route's scope (403 insufficient_scope), and on a route with personal data that it is a server
// key (403 insufficient_scope). A warm key costs no database query.
func keyAuth(store *keys.Store, r Route, now func() time.Time) *hook.Handler[*core.RequestEvent] {
	scope := r.Scope
	// A GET saves nothing: only the other methods carry the key as the actor of their changes
	// (a request's copy with a context of its own, per request).
	saves := r.Method != http.MethodGet
	return &hook.Handler[*core.RequestEvent]{
		Id:       KeyAuthMiddlewareID,
		Priority: AuthMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			at := now()
			key, err := checkKey(store, e, scope, at)
			if err != nil {
				return err
			}
			if r.PersonalData && key.Browser() {
				return apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope: this endpoint answers personal data, for server keys only (keys without allowed origins)")
			}
			store.Touch(key.ID, at)
			e.Set(keyContextKey, key)
			if saves { // the changes this request saves name the key in their revisions
				e.Request = e.Request.WithContext(revisions.WithActor(e.Request.Context(),
					revisions.Actor{Type: revisions.ActorKey, Name: key.Name}))
			}
			return e.Next()
		},
	}
}

// checkKey is keyAuth's check of the request's key at a time, without its side effects; a
// long-lived request (an event stream) repeats it to learn that its key is no longer good.
func checkKey(store *keys.Store, e *core.RequestEvent, scope string, at time.Time) (*keys.Key, error) {
	if flagged, _ := e.Get(keyInURLFlag).(bool); flagged {
		return nil, errKeyInURL
	}
	secret, ok := bearerToken(e.Request.Header.Get("Authorization"))
	if !ok || !keys.WellFormed(secret) {
		return nil, apierr.Unauthorized()
	}
	key, err := store.Lookup(keys.Hash(secret))
	if err != nil {
		return nil, domainError(err)
	}
	if err := key.Check(at, requestOrigin(e)); err != nil {
		return nil, domainError(err)
	}
	if scope != "" && !keys.Grants(key.Scopes, scope) { // "": any key (/mcp checks each tool's)
		return nil, apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope: this endpoint needs the "+scope+" scope")
	}
	return key, nil
}

// authenticatedKey is the key keyAuth accepted for this request.
func authenticatedKey(e *core.RequestEvent) *keys.Key {
	k, _ := e.Get(keyContextKey).(*keys.Key)
	return k
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
	if referer := e.Request.Header.Get("Referer"); referer != "" { // a server's call has neither
		return keys.NormalizeOrigin(referer)
	}
	return ""
}
