package routes

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/dates"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
)

func (a *API) adminKeyRoutes() []Route {
	return []Route{
		{Method: http.MethodPost, Path: "/api/admin/api-keys", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: createKey},
		{Method: http.MethodGet, Path: "/api/admin/api-keys", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: listKeys},
		{Method: http.MethodPatch, Path: "/api/admin/api-keys/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: updateKey},
		{Method: http.MethodDelete, Path: "/api/admin/api-keys/{id}", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: revokeKey},
		{Method: http.MethodPost, Path: "/api/admin/api-keys/{id}/rotate", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.rotateKey},
	}
}

// keyBody is the owner's JSON body for a key. Expiry is raw so that null (no expiry) and
// absent (unchanged) differ.
type keyBody struct {
	Name           *string         `json:"name"`
	Scopes         *[]string       `json:"scopes"`
	AllowedOrigins *[]string       `json:"allowed_origins"`
	Expiry         json.RawMessage `json:"expiry"`
	Active         *bool           `json:"active"`
}

func (b keyBody) fields() (keys.Fields, error) {
	f := keys.Fields{Name: b.Name, Scopes: b.Scopes, AllowedOrigins: b.AllowedOrigins, Active: b.Active}
	if b.Expiry == nil {
		return f, nil
	}
	var zero time.Time
	if string(b.Expiry) == "null" {
		f.Expiry = &zero
		return f, nil
	}
	var s string
	if err := json.Unmarshal(b.Expiry, &s); err != nil {
		return f, apierr.InvalidField("expiry", "expected an RFC 3339 date-time string or null")
	}
	t, err := dates.Parse(s)
	if err != nil {
		return f, apierr.InvalidField("expiry", err.Error())
	}
	f.Expiry = &t
	return f, nil
}

func readKeyBody(e *core.RequestEvent) (keys.Fields, error) {
	var b keyBody
	if err := decodeStrict(e, &b); err != nil {
		return keys.Fields{}, err
	}
	return b.fields()
}

// createKey answers POST /api/admin/api-keys: 201 with the key, its full value shown once.
func createKey(e *core.RequestEvent) error {
	f, err := readKeyBody(e)
	if err != nil {
		return err
	}
	rec, secret, err := keys.Create(e.App, f)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusCreated, map[string]any{"data": keys.View(rec, secret)})
}

// listKeys answers GET /api/admin/api-keys: every key, prefix and last four only.
func listKeys(e *core.RequestEvent) error {
	recs, err := keys.List(e.App)
	if err != nil {
		return domainError(err)
	}
	out := make([]map[string]any, 0, len(recs))
	for _, r := range recs {
		out = append(out, keys.View(r, ""))
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": out})
}

// updateKey answers PATCH /api/admin/api-keys/{id}.
func updateKey(e *core.RequestEvent) error {
	f, err := readKeyBody(e)
	if err != nil {
		return err
	}
	rec, err := keys.Update(e.App, e.Request.PathValue("id"), f)
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": keys.View(rec, "")})
}

// revokeKey answers DELETE /api/admin/api-keys/{id}: 204, and the key stops working at once.
func revokeKey(e *core.RequestEvent) error {
	if err := keys.Revoke(e.App, e.Request.PathValue("id")); err != nil {
		return domainError(err)
	}
	return noContent(e)
}

// rotateKey answers POST /api/admin/api-keys/{id}/rotate: 200 with the new full key shown once;
// the old one works until previous_secret_expires_at.
func (a *API) rotateKey(e *core.RequestEvent) error {
	rec, secret, err := keys.Rotate(e.App, e.Request.PathValue("id"), a.cfg.Now())
	if err != nil {
		return domainError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": keys.View(rec, secret)})
}
