package keys

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

const dateLayout = types.DefaultDateLayout

// RotationGrace is how long the previous secret keeps working after a rotation.
const RotationGrace = 24 * time.Hour

// Fields are the owner-settable fields of a key. A nil pointer leaves the field as it is (on
// create: its default); Expiry set to a pointer to the zero time clears the expiry.
type Fields struct {
	Name           *string
	Scopes         *[]string
	AllowedOrigins *[]string
	Expiry         *time.Time
	Active         *bool
}

// Create stores a new key and returns its record and the full secret, which is never
// available again. Refused fields are a validation.Errors naming the field, as PocketBase's
// record validation reports them.
func Create(app core.App, f Fields) (*core.Record, string, error) {
	col, err := app.FindCachedCollectionByNameOrId(vocab.APIKeys)
	if err != nil {
		return nil, "", err
	}
	if f.Name == nil || *f.Name == "" {
		return nil, "", fieldInvalid("name", "is required")
	}
	if f.Scopes == nil || len(*f.Scopes) == 0 {
		return nil, "", fieldInvalid("scopes", "at least one scope is required")
	}
	rec := core.NewRecord(col)
	rec.Set("active", true)
	rec.Set("allowed_origins", []string{})
	if err := apply(rec, f); err != nil {
		return nil, "", err
	}
	return saveWithNewSecret(app, rec)
}

// Update changes the given fields of key id.
func Update(app core.App, id string, f Fields) (*core.Record, error) {
	rec, err := find(app, id)
	if err != nil {
		return nil, err
	}
	if f.Name != nil && *f.Name == "" {
		return nil, fieldInvalid("name", "must not be empty")
	}
	if f.Scopes != nil && len(*f.Scopes) == 0 {
		return nil, fieldInvalid("scopes", "at least one scope is required")
	}
	if err := apply(rec, f); err != nil {
		return nil, err
	}
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// Rotate gives key id a new secret. The secret it replaces keeps working until
// now+RotationGrace; a secret replaced by an earlier rotation stops at once.
func Rotate(app core.App, id string, now time.Time) (*core.Record, string, error) {
	rec, err := find(app, id)
	if err != nil {
		return nil, "", err
	}
	rec.Set("previous_hash", rec.GetString("key_hash"))
	rec.Set("previous_expires_at", now.Add(RotationGrace).UTC().Format(dateLayout))
	return saveWithNewSecret(app, rec)
}

// Revoke deletes key id; its secrets stop working at once in this process and within
// changes.CheckInterval in every other one (Store).
func Revoke(app core.App, id string) error {
	rec, err := find(app, id)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}

// List returns every key, newest first.
func List(app core.App) ([]*core.Record, error) {
	return app.FindRecordsByFilter(vocab.APIKeys, "", "-created,-id", 0, 0)
}

func find(app core.App, id string) (*core.Record, error) {
	rec, err := app.FindRecordById(vocab.APIKeys, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("find API key %s: %w", id, err)
	}
	return rec, nil
}

// saveWithNewSecret gives rec a new secret, saves it and returns the secret: the only moment
// the full key exists outside the client.
func saveWithNewSecret(app core.App, rec *core.Record) (*core.Record, string, error) {
	secret, err := Generate()
	if err != nil {
		return nil, "", err
	}
	rec.Set("key_hash", Hash(secret))
	rec.Set("prefix", DisplayPrefix(secret))
	rec.Set("last4", Last4(secret))
	if err := app.Save(rec); err != nil {
		return nil, "", err
	}
	return rec, secret, nil
}

func apply(rec *core.Record, f Fields) error {
	if f.Name != nil {
		if len(*f.Name) > 100 {
			return fieldInvalid("name", "must be at most 100 characters")
		}
		rec.Set("name", *f.Name)
	}
	if f.Scopes != nil {
		for _, s := range *f.Scopes {
			if !ValidScope(s) {
				return fieldInvalid("scopes", fmt.Sprintf("unknown scope %q", s))
			}
		}
		rec.Set("scopes", *f.Scopes)
	}
	if f.AllowedOrigins != nil {
		list, err := normalizeOrigins(*f.AllowedOrigins)
		if err != nil {
			return err
		}
		rec.Set("allowed_origins", list)
	}
	if f.Expiry != nil {
		if f.Expiry.IsZero() {
			rec.Set("expiry", "")
		} else {
			rec.Set("expiry", f.Expiry.UTC().Format(dateLayout))
		}
	}
	if f.Active != nil {
		rec.Set("active", *f.Active)
	}
	return nil
}

// normalizeOrigins normalizes every origin, or returns a validation error naming the field
// (shown on the field in the dashboard, turned into a 400 by the API, printed by the CLI).
func normalizeOrigins(in []string) ([]string, error) {
	out := make([]string, 0, len(in))
	for _, o := range in {
		n := NormalizeOrigin(o)
		if n == "" {
			return nil, fieldInvalid("allowed_origins", fmt.Sprintf("%q is not an http(s) origin such as https://example.com", o))
		}
		out = append(out, n)
	}
	return out, nil
}

// fieldInvalid is a refusal of field, in the form PocketBase's record validation takes.
func fieldInvalid(field, msg string) error {
	return validation.Errors{field: validation.NewError("validation_invalid_"+field, msg)}
}
