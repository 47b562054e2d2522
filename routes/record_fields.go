package routes

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/dates"
	"github.com/creator-content-api/server/routes/apierr"
)

// errFileOverJSON is the reason a file field cannot be set by a JSON body.
var errFileOverJSON = errors.New("is a file field: files cannot be sent as JSON; upload them in the dashboard")

// applyBody sets the members of a JSON body on rec, field by field, checking each against the
// collection's schema: the field must be one r shows and writable (not id, created, updated or
// a file), and its JSON type must match the field's type. Values are then PocketBase's to
// validate (required, lengths, patterns, select values, formats) when the record is saved.
// Members are checked in name order, so the field named in an error does not depend on map
// order.
func applyBody(rec *core.Record, r *resource, body map[string]json.RawMessage) error {
	names := make([]string, 0, len(body))
	for name := range body {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f := rec.Collection().Fields.GetByName(name)
		if readOnlyField(name, f) {
			return apierr.InvalidField(name, "is read-only")
		}
		if f == nil || f.GetHidden() || !slices.Contains(r.fullFields, name) {
			return apierr.InvalidRequest(fmt.Sprintf("unknown field %q; the writable fields are %s",
				name, strings.Join(writableFields(rec.Collection(), r), ", ")))
		}
		v, err := fieldValue(f, body[name])
		if err != nil {
			return apierr.InvalidField(name, err.Error())
		}
		rec.Set(name, v)
	}
	return nil
}

// readOnlyField reports whether a field is set by the server only: the id and the autodates.
func readOnlyField(name string, f core.Field) bool {
	if name == core.FieldNameId {
		return true
	}
	_, autodate := f.(*core.AutodateField)
	return autodate
}

// writableFields are the fields of r a JSON body may set, in view order.
func writableFields(c *core.Collection, r *resource) []string {
	var out []string
	for _, name := range r.fullFields {
		f := c.Fields.GetByName(name)
		if _, file := f.(*core.FileField); f == nil || file || f.GetHidden() || readOnlyField(name, f) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// fieldValue checks a JSON value against the type of f and returns the Go value to Set.
func fieldValue(f core.Field, raw json.RawMessage) (any, error) {
	switch f := f.(type) {
	case *core.TextField, *core.EditorField, *core.URLField, *core.EmailField:
		return jsonString(raw)
	case *core.SelectField:
		if f.IsMultiple() {
			return jsonStrings(raw)
		}
		return jsonString(raw)
	case *core.RelationField:
		if f.IsMultiple() {
			return jsonStrings(raw)
		}
		return jsonString(raw)
	case *core.NumberField:
		return jsonNumber(raw, f.OnlyInt)
	case *core.BoolField:
		return jsonBool(raw)
	case *core.DateField:
		return jsonDate(raw)
	case *core.JSONField:
		if f.Name == content.TagsField {
			return jsonStrings(raw)
		}
		return types.JSONRaw(raw), nil
	case *core.FileField:
		return nil, errFileOverJSON
	}
	return nil, fmt.Errorf("cannot be written over the API")
}

// jsonKind names the JSON type of a (syntactically valid) value, for messages.
func jsonKind(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "" {
		return "nothing"
	}
	switch s[0] {
	case '"':
		return "a string"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// wrongType is the error of a value of another JSON type than want.
func wrongType(want string, raw json.RawMessage) error {
	return fmt.Errorf("expected %s, got %s", want, jsonKind(raw))
}

func jsonString(raw json.RawMessage) (string, error) {
	var s string
	if jsonKind(raw) != "a string" || json.Unmarshal(raw, &s) != nil {
		return "", wrongType("a string", raw)
	}
	return s, nil
}

func jsonStrings(raw json.RawMessage) ([]string, error) {
	var items []json.RawMessage
	if jsonKind(raw) != "an array" || json.Unmarshal(raw, &items) != nil {
		return nil, wrongType("an array of strings", raw)
	}
	ss := make([]string, 0, len(items))
	for i, item := range items {
		s, err := jsonString(item)
		if err != nil {
			return nil, fmt.Errorf("expected an array of strings, got %s at index %d", jsonKind(item), i)
		}
		ss = append(ss, s)
	}
	return ss, nil
}

func jsonBool(raw json.RawMessage) (bool, error) {
	var b bool
	if jsonKind(raw) != "a boolean" || json.Unmarshal(raw, &b) != nil {
		return false, wrongType("a boolean", raw)
	}
	return b, nil
}

func jsonNumber(raw json.RawMessage, onlyInt bool) (float64, error) {
	want := "a number"
	if onlyInt {
		want = "an integer"
	}
	var n float64
	if jsonKind(raw) != "a number" || json.Unmarshal(raw, &n) != nil {
		return 0, wrongType(want, raw)
	}
	if onlyInt && n != math.Trunc(n) {
		return 0, fmt.Errorf("expected an integer, got %v", n)
	}
	return n, nil
}

// jsonDate reads a date: RFC 3339 or the record layout (2026-11-21 20:10:25.123Z); null or ""
// clears it.
func jsonDate(raw json.RawMessage) (types.DateTime, error) {
	const want = `an RFC 3339 date-time such as "2026-11-21T20:10:25Z", or null to clear it`
	if jsonKind(raw) == "null" {
		return types.DateTime{}, nil
	}
	s, err := jsonString(raw)
	if err != nil {
		return types.DateTime{}, wrongType(want, raw)
	}
	if s == "" {
		return types.DateTime{}, nil
	}
	t, err := dates.Parse(s)
	if err != nil {
		return types.DateTime{}, fmt.Errorf("expected %s", want)
	}
	return types.ParseDateTime(t)
}
