package routes

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/apikey"
)

func (a *API) adminKeyRoutes() []Route {
	return []Route{
		{Method: http.MethodPost, Path: "/api/admin/api-keys", handler: createKey},
		{Method: http.MethodGet, Path: "/api/admin/api-keys", handler: listKeys},
		{Method: http.MethodPatch, Path: "/api/admin/api-keys/{id}", handler: updateKey},
		{Method: http.MethodDelete, Path: "/api/admin/api-keys/{id}", handler: revokeKey},
		{Method: http.MethodPost, Path: "/api/admin/api-keys/{id}/rotate", handler: a.rotateKey},
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

func (b keyBody) fields() (apikey.Fields, error) {
	f := apikey.Fields{Name: b.Name, Scopes: b.Scopes, AllowedOrigins: b.AllowedOrigins, Active: b.Active}
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
	t, err := parseTime(s)
	if err != nil {
		return f, apierr.InvalidField("expiry", "expected an RFC 3339 date-time such as 2027-01-31T00:00:00Z")
	}
	f.Expiry = &t
	return f, nil
}

// parseTime accepts RFC 3339 and the record layout (2026-11-21 20:10:25.123Z). The instant
// must fall in the years 0001 to 9999 UTC, which the record layout can hold: an offset can
// carry an RFC 3339 time past them ("9999-12-31T23:59:59-01:00" is in the year 10000), and it
// would be stored as text that neither sorts nor parses as a date.
func parseTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		if t = t.UTC(); t.Year() < 1 || t.Year() > 9999 {
			return time.Time{}, errors.New("outside the years 0001 to 9999")
		}
		return t, nil
	}
	d, err := types.ParseDateTime(s)
	if err != nil || d.IsZero() {
		return time.Time{}, errors.New("not a date-time")
	}
	return d.Time(), nil
}

func readKeyBody(e *core.RequestEvent) (apikey.Fields, error) {
	var b keyBody
	if err := decodeStrict(e, &b); err != nil {
		return apikey.Fields{}, err
	}
	return b.fields()
}

// createKey answers POST /api/admin/api-keys: 201 with the key, its full value shown once.
func createKey(e *core.RequestEvent) error {
	f, err := readKeyBody(e)
	if err != nil {
		return err
	}
	rec, secret, err := apikey.Create(e.App, f)
	if err != nil {
		return keyOpError(err)
	}
	return writeJSON(e, http.StatusCreated, map[string]any{"data": apikey.View(rec, secret)})
}

// listKeys answers GET /api/admin/api-keys: every key, prefix and last four only.
func listKeys(e *core.RequestEvent) error {
	recs, err := apikey.List(e.App)
	if err != nil {
		return apierr.Internal(err)
	}
	out := make([]map[string]any, 0, len(recs))
	for _, r := range recs {
		out = append(out, apikey.View(r, ""))
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": out})
}

// updateKey answers PATCH /api/admin/api-keys/{id}.
func updateKey(e *core.RequestEvent) error {
	f, err := readKeyBody(e)
	if err != nil {
		return err
	}
	rec, err := apikey.Update(e.App, e.Request.PathValue("id"), f)
	if err != nil {
		return keyOpError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": apikey.View(rec, "")})
}

// revokeKey answers DELETE /api/admin/api-keys/{id}: 204, and the key stops working at once.
func revokeKey(e *core.RequestEvent) error {
	if err := apikey.Revoke(e.App, e.Request.PathValue("id")); err != nil {
		return keyOpError(err)
	}
	return noContent(e)
}

// rotateKey answers POST /api/admin/api-keys/{id}/rotate: 200 with the new full key shown once;
// the old one works until previous_secret_expires_at.
func (a *API) rotateKey(e *core.RequestEvent) error {
	rec, secret, err := apikey.Rotate(e.App, e.Request.PathValue("id"), a.cfg.Now())
	if err != nil {
		return keyOpError(err)
	}
	return writeJSON(e, http.StatusOK, map[string]any{"data": apikey.View(rec, secret)})
}

func keyOpError(err error) error {
	var ae *apierr.Error
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, apikey.ErrNotFound):
		return apierr.NotFound()
	}
	return apierr.Internal(err)
}
