package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Response is what CheckResponse looks at.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// unmatchedResponses are the components that describe the router's answers to requests no
// operation takes: unknown paths (404), wrong methods (405, with Allow), a key in the URL (401,
// before either) and, since those count against the rate limit too, 429.
var unmatchedResponses = map[int]string{
	http.StatusNotFound:         "/components/responses/NotFound",
	http.StatusMethodNotAllowed: "/components/responses/MethodNotAllowed",
	http.StatusTooManyRequests:  "/components/responses/RateLimited",
	http.StatusUnauthorized:     "/components/responses/Unauthorized", // a key in the URL
}

// CheckResponse validates the response to method and path (a request path, not a template)
// against the contract. Requests outside the API's prefixes and CORS preflights (OPTIONS,
// answered by PocketBase) are not checked. For a request no operation takes, the response must
// be the router's 404 or 405 envelope (or a 429). Errors wrap ErrUndocumented or ErrViolation
// and name the operation and status.
func (d *Document) CheckResponse(method, path string, res Response) error {
	if !InAPI(path) || method == http.MethodOptions {
		return nil
	}
	op, pathKnown := d.Match(method, path)
	if op == nil {
		return d.checkUnmatched(method, path, pathKnown, res)
	}
	ptr, resp, err := d.responseFor(op, res.Status)
	if err != nil {
		return err
	}
	where := fmt.Sprintf("%s (%s) -> %d", op, path, res.Status)
	return d.checkAgainst(where, method, ptr, resp, res, "")
}

func (d *Document) checkUnmatched(method, path string, pathKnown bool, res Response) error {
	where := fmt.Sprintf("%s %s (no operation) -> %d", method, path, res.Status)
	want := http.StatusNotFound
	if pathKnown {
		want = http.StatusMethodNotAllowed
	}
	if res.Status != want && res.Status != http.StatusTooManyRequests && res.Status != http.StatusUnauthorized {
		return fmt.Errorf("%w: %s: the contract has no such operation, so only %d (or 429, or 401 for a key in the URL) is expected", ErrUndocumented, where, want)
	}
	ptr, resp, err := d.Resolve("", map[string]any{"$ref": "#" + unmatchedResponses[res.Status]})
	if err != nil {
		return err
	}
	return d.checkAgainst(where, method, ptr, resp, res, "")
}

// responseFor finds the response object documented for status: the exact code, else its
// range ("4XX"), else "default".
func (d *Document) responseFor(op *Operation, status int) (string, map[string]any, error) {
	code := strconv.Itoa(status)
	for _, key := range []string{code, code[:1] + "XX", "default"} {
		ptr := op.pointer + Pointer("responses", key)
		if node, ok := d.At(ptr); ok {
			return d.Resolve(ptr, node)
		}
	}
	return "", nil, fmt.Errorf("%w: %s: status %d is not a documented response (documented: %s)",
		ErrUndocumented, op, status, strings.Join(d.documentedStatuses(op), ", "))
}

func (d *Document) documentedStatuses(op *Operation) []string {
	node, _ := d.At(op.pointer + "/responses")
	obj, _ := node.(map[string]any)
	out := make([]string, 0, len(obj))
	for k := range obj {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkAgainst validates headers and body against the response object resp at ptr; a
// non-empty bodySchema (a pointer) replaces the schema of its JSON content.
func (d *Document) checkAgainst(where, method, ptr string, resp map[string]any, res Response, bodySchema string) error {
	var problems []string
	headers, _ := resp["headers"].(map[string]any)
	names := make([]string, 0, len(headers))
	for name := range headers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := d.checkHeader(ptr+Pointer("headers", name), headers[name], name, res.Header); err != nil {
			problems = append(problems, err.Error())
		}
	}
	content, _ := resp["content"].(map[string]any)
	switch {
	case method == http.MethodHead:
		// no body to check
	case len(content) == 0:
		if len(bytes.TrimSpace(res.Body)) != 0 {
			problems = append(problems, fmt.Sprintf("the contract documents no body, got %d bytes", len(res.Body)))
		}
	default:
		if err := d.checkBody(ptr, content, res, bodySchema); err != nil {
			problems = append(problems, err.Error())
		} else if err := checkErrorEnvelope(resp, res.Body); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s: %s", ErrViolation, where, strings.Join(problems, "; "))
	}
	return nil
}

func (d *Document) checkHeader(ptr string, node any, name string, got http.Header) error {
	hptr, h, err := d.Resolve(ptr, node)
	if err != nil {
		return err
	}
	values := got.Values(name)
	if len(values) == 0 {
		if required, _ := h["required"].(bool); required {
			return fmt.Errorf("header %s is required but absent", name)
		}
		return nil
	}
	sptr, sch, err := d.Resolve(hptr+"/schema", h["schema"])
	if err != nil {
		return err
	}
	compiled, err := d.Schema(sptr)
	if err != nil {
		return err
	}
	value := strings.Join(values, ", ")
	var inst any = value
	switch sch["type"] {
	case "integer", "number":
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return fmt.Errorf("header %s: %q is not an integer", name, value)
		}
		inst = n
	case "boolean":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("header %s: %q is not a boolean", name, value)
		}
		inst = b
	}
	if err := compiled.Validate(inst); err != nil {
		return fmt.Errorf("header %s: %q: %s", name, value, validationMessage(err))
	}
	return nil
}

func (d *Document) checkBody(ptr string, content map[string]any, res Response, bodySchema string) error {
	ct := res.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("Content-Type %q is not a media type", ct)
	}
	media, ok := content[mt].(map[string]any)
	if !ok {
		return fmt.Errorf("Content-Type %s is not documented", mt)
	}
	if _, ok := media["schema"]; !ok || mt == MediaTypeEventStream {
		return nil
	}
	// A JSON media type's body is a JSON value; any other's (text/markdown) is its text.
	var inst any = string(res.Body)
	if mt == "application/json" || strings.HasSuffix(mt, "+json") {
		if inst, err = jsonschema.UnmarshalJSON(bytes.NewReader(res.Body)); err != nil {
			return fmt.Errorf("body is not JSON: %v: %.200s", err, res.Body)
		}
	}
	if bodySchema == "" {
		bodySchema = ptr + Pointer("content", mt, "schema")
	}
	s, err := d.Schema(bodySchema)
	if err != nil {
		return err
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("body: %s (body: %.300s)", validationMessage(err), res.Body)
	}
	return nil
}

// The extensions of a Response Object that narrow the one Error envelope every error response
// has as its schema (so a generated client has one error type, with code and message as
// strings): ErrorCodesKey lists the codes its body may carry, ErrorMessageKey the one message
// it always carries, if it is fixed.
const (
	ErrorCodesKey   = "x-error-codes"
	ErrorMessageKey = "x-error-message"
)

// checkErrorEnvelope checks an error body against its response object's extensions.
func checkErrorEnvelope(resp map[string]any, body []byte) error {
	codes, hasCodes := resp[ErrorCodesKey].([]any)
	message, hasMessage := resp[ErrorMessageKey].(string)
	if !hasCodes && !hasMessage {
		return nil
	}
	var envelope struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &envelope); err != nil {
		return fmt.Errorf("body is not an error envelope: %v", err)
	}
	if hasCodes && !slices.Contains(codes, any(envelope.Error.Code)) {
		return fmt.Errorf("error code %q is not one of this response's %s %v", envelope.Error.Code, ErrorCodesKey, codes)
	}
	if hasMessage && envelope.Error.Message != message {
		return fmt.Errorf("error message %q is not this response's %s %q", envelope.Error.Message, ErrorMessageKey, message)
	}
	return nil
}

// validationMessage is the validator's message on one line.
func validationMessage(err error) string {
	var ve *jsonschema.ValidationError
	if errors.As(err, &ve) {
		return strings.Join(strings.Fields(strings.ReplaceAll(ve.Error(), baseURL, "")), " ")
	}
	return err.Error()
}

// Validate checks a decoded JSON value (as jsonschema.UnmarshalJSON gives it) against the
// schema at pointer.
func (d *Document) Validate(pointer string, v any) error {
	s, err := d.Schema(pointer)
	if err != nil {
		return err
	}
	if err := s.Validate(v); err != nil {
		return fmt.Errorf("%w: %s: %s", ErrViolation, pointer, validationMessage(err))
	}
	return nil
}
