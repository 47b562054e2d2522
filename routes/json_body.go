package routes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"reflect"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// readJSONObject reads a request body that must be one JSON object sent as application/json
// and returns its members, undecoded, so that each caller can name the field at fault.
func readJSONObject(e *core.RequestEvent) (map[string]json.RawMessage, error) {
	mt, _, err := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return nil, apierr.InvalidRequest("the request body must be JSON sent with Content-Type: application/json")
	}
	raw, err := io.ReadAll(e.Request.Body)
	if err != nil {
		if errors.Is(err, apis.ErrRequestEntityTooLarge) {
			return nil, payloadTooLarge()
		}
		return nil, apierr.InvalidRequest("the request body could not be read")
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, apierr.InvalidRequest("the request body must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		return nil, apierr.InvalidRequest(jsonErrorMessage(err))
	}
	if obj == nil {
		return nil, apierr.InvalidRequest("the request body must be a JSON object")
	}
	// Only JSON white space may follow the object (dec.More would let a stray "}" or "]" by).
	if rest := bytes.Trim(raw[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return nil, apierr.InvalidRequest("the request body must hold exactly one JSON object")
	}
	return obj, nil
}

// decodeStrict decodes a JSON object body into dst (a pointer to a struct with json tags),
// refusing unknown fields and naming the field of a wrong type. Member names must match the
// tags exactly: encoding/json alone would take "URL" or "Url" for "url".
func decodeStrict(e *core.RequestEvent, dst any) error {
	obj, err := readJSONObject(e)
	if err != nil {
		return err
	}
	if name, known, ok := unknownMember(obj, dst); ok {
		return apierr.InvalidRequest(fmt.Sprintf("unknown field %q; the writable fields are %s", name, strings.Join(known, ", ")))
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return apierr.Internal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return apierr.InvalidRequest(jsonErrorMessage(err))
	}
	return nil
}

// unknownMember returns the first member of obj, in name order, that no json tag of the struct
// dst points to spells exactly, and the tags it knows.
func unknownMember(obj map[string]json.RawMessage, dst any) (string, []string, bool) {
	t := reflect.TypeOf(dst).Elem()
	known := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		known = append(known, name)
	}
	names := slices.Sorted(maps.Keys(obj))
	for _, name := range names {
		if !slices.Contains(known, name) {
			return name, known, true
		}
	}
	return "", known, false
}

// jsonErrorMessage turns encoding/json's errors into messages for the client.
func jsonErrorMessage(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return "the request body must be a JSON object"
		}
		return fmt.Sprintf("invalid field %q: expected %s, got %s", typeErr.Field, jsonTypeName(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return fmt.Sprintf("malformed JSON at byte %d", syntaxErr.Offset)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Sprintf("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "malformed JSON: unexpected end of input"
	}
	return "malformed JSON"
}

func jsonTypeName(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	case "ptr":
		return "a value"
	}
	return "a number"
}
