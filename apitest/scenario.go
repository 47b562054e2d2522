package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Scenario is one call to the API and what its answer must be, as PocketBase's
// tests.ApiScenario: a table test of the HTTP layer is a list of scenarios, each run with Test
// on a harness. Test checks every expectation that is set and reports all that fail.
type Scenario struct {
	// Name names the subtest; empty means "METHOD path".
	Name string

	// The request, as Request: an empty Method means GET, a nil Body sends none.
	Method     string
	Path       string
	Headers    map[string]string
	Body       any
	RemoteAddr string
	// Request, when set, changes the built request before it is sent: TLS state, header
	// lines that repeat a name.
	Request func(*http.Request)

	// ExpectedStatus is the answer's status code. Required.
	ExpectedStatus int
	// ExpectedCode is the error envelope's error.code; "" means the answer is not an envelope
	// (a success, or one of PocketBase's own errors).
	ExpectedCode string
	// ExpectedContent are parts the body must contain, as written on the wire (inside a JSON
	// string a quote is \").
	ExpectedContent []string
	// NotExpectedContent are parts the body must not contain.
	NotExpectedContent []string
	// ExpectedJSON maps paths into the JSON body to their values: "data.slug", "items.0.id"
	// (a number indexes an array), "error.message". Values compare as JSON, so 2 and 2.0 are
	// equal and nil is null; Absent means the path must not exist.
	ExpectedJSON map[string]any
	// ExpectedHeaders maps header names to their values; "" means the header is absent,
	// Present that it is there with any value.
	ExpectedHeaders map[string]string
	// ExpectedEvents are the names of the webhook events the call wrote to the outbox, in the
	// order written; nil leaves the outbox unchecked, an empty non-nil slice means none.
	// Calls on the same harness must not run in parallel with a scenario that sets it.
	ExpectedEvents []string

	// Before runs first, in the scenario's subtest: records, keys, settings it needs.
	Before func(t testing.TB, h *Harness)
	// After runs last, with the answer, for checks the fields above cannot say.
	After func(t testing.TB, h *Harness, res *Response)
}

// Present is an ExpectedHeaders value: the header is there, whatever its value (no header
// value can hold a NUL byte).
const Present = "\x00present"

// Absent is an ExpectedJSON value: the path must not exist in the body.
var Absent = absent{}

type absent struct{}

// Test runs the scenario as a subtest of t on h and returns the answer (nil when the subtest
// stopped before the call).
func (s Scenario) Test(t *testing.T, h *Harness) *Response {
	t.Helper()
	var res *Response
	t.Run(s.name(), func(t *testing.T) { res = s.Check(t, h) })
	return res
}

// Check runs the scenario in t itself, for a caller already in the subtest it wants.
func (s Scenario) Check(t testing.TB, h *Harness) *Response {
	t.Helper()
	h = h.For(t)
	if s.ExpectedStatus == 0 {
		t.Fatal("scenario without ExpectedStatus")
	}
	if s.Before != nil {
		s.Before(t, h)
	}
	method := s.Method
	if method == "" {
		method = http.MethodGet
	}
	req := h.NewRequest(Request{Method: method, Path: s.Path, Headers: s.Headers, Body: s.Body, RemoteAddr: s.RemoteAddr})
	if s.Request != nil {
		s.Request(req)
	}
	var mark int64
	if s.ExpectedEvents != nil {
		mark = h.outboxMark()
	}
	res := h.Serve(req)

	if res.Status != s.ExpectedStatus {
		t.Errorf("status %d, want %d", res.Status, s.ExpectedStatus)
	}
	if code := res.ErrorCode(); code != s.ExpectedCode {
		t.Errorf("error code %q, want %q", code, s.ExpectedCode)
	}
	if (res.Status == http.StatusNoContent || res.Status == http.StatusNotModified) && len(res.Body) != 0 {
		t.Errorf("a %d with a body", res.Status)
	}
	for _, part := range s.ExpectedContent {
		if !bytes.Contains(res.Body, []byte(part)) {
			t.Errorf("the body does not contain %s", part)
		}
	}
	for _, part := range s.NotExpectedContent {
		if bytes.Contains(res.Body, []byte(part)) {
			t.Errorf("the body contains %s", part)
		}
	}
	if len(s.ExpectedJSON) > 0 {
		checkJSON(t, res.Body, s.ExpectedJSON)
	}
	for name, want := range s.ExpectedHeaders {
		switch got := res.Header.Get(name); {
		case want == Present && got == "":
			t.Errorf("no %s header", name)
		case want != Present && got != want:
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	if s.ExpectedEvents != nil {
		if got := h.outboxSince(mark); !slices.Equal(got, s.ExpectedEvents) {
			t.Errorf("webhook events %q, want %q", got, s.ExpectedEvents)
		}
	}
	if t.Failed() {
		t.Logf("%s %s answered %d: %.2000s", method, s.Path, res.Status, res.Body)
	}
	if s.After != nil {
		s.After(t, h, res)
	}
	return res
}

func (s Scenario) name() string {
	if s.Name != "" {
		return s.Name
	}
	method := s.Method
	if method == "" {
		method = http.MethodGet
	}
	return method + " " + s.Path
}

// checkJSON compares the values at the paths of want with those in body.
func checkJSON(t testing.TB, body []byte, want map[string]any) {
	t.Helper()
	doc, err := decodeJSON(body)
	if err != nil {
		t.Errorf("the body is not JSON: %v", err)
		return
	}
	for _, path := range slices.Sorted(maps.Keys(want)) {
		got, found := lookup(doc, path)
		if want[path] == Absent {
			if found {
				t.Errorf("%s is %s, want it absent", path, canonical(got))
			}
			continue
		}
		if !found {
			t.Errorf("%s is absent, want %s", path, canonical(want[path]))
			continue
		}
		if !sameJSON(got, want[path]) {
			t.Errorf("%s = %s, want %s", path, canonical(got), canonical(want[path]))
		}
	}
}

// decodeJSON decodes raw keeping numbers exact (json.Number): 9223372036854775807 stays itself.
func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// lookup follows a dotted path through decoded JSON.
func lookup(doc any, path string) (any, bool) {
	for _, seg := range strings.Split(path, ".") {
		switch v := doc.(type) {
		case map[string]any:
			next, ok := v[seg]
			if !ok {
				return nil, false
			}
			doc = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			doc = v[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// sameJSON reports whether a and b are the same JSON value: numbers compare by value whatever
// their Go type or spelling (2, 2.0, 2e0), objects whatever their keys' order.
func sameJSON(a, b any) bool {
	ea, oka := exact(a)
	eb, okb := exact(b)
	return oka && okb && reflect.DeepEqual(ea, eb)
}

// number is a JSON number as an exact rational, for sameJSON.
type number string

// exact is v as JSON decodes it, with every number an exact rational.
func exact(v any) (any, bool) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	doc, err := decodeJSON(raw)
	if err != nil {
		return nil, false
	}
	var walk func(any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case json.Number:
			if r, ok := new(big.Rat).SetString(string(v)); ok {
				return number(r.RatString())
			}
			return number(v)
		case map[string]any:
			for k, e := range v {
				v[k] = walk(e)
			}
		case []any:
			for i, e := range v {
				v[i] = walk(e)
			}
		}
		return v
	}
	return walk(doc), true
}

// canonical is v as JSON, for messages.
func canonical(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v (not JSON: %v)", v, err)
	}
	return string(raw)
}

// outboxMark is the position of the newest webhook event, 0 for none (or no outbox).
func (h *Harness) outboxMark() int64 {
	h.t.Helper()
	var mark struct {
		N int64 `db:"n"`
	}
	err := h.App.DB().NewQuery("SELECT COALESCE(MAX(rowid), 0) AS n FROM " + vocab.WebhookEvents).One(&mark)
	if err != nil && !strings.Contains(err.Error(), "no such table") {
		h.t.Fatalf("outbox: %v", err)
	}
	return mark.N
}

// outboxSince lists the names of the webhook events written after mark, in the order written.
func (h *Harness) outboxSince(mark int64) []string {
	h.t.Helper()
	var rows []struct {
		Event string `db:"event"`
	}
	err := h.App.DB().NewQuery("SELECT event FROM " + vocab.WebhookEvents + " WHERE rowid > {:mark} ORDER BY rowid").
		Bind(map[string]any{"mark": mark}).All(&rows)
	if err != nil && !strings.Contains(err.Error(), "no such table") {
		h.t.Fatalf("outbox: %v", err)
	}
	names := []string{}
	for _, r := range rows {
		names = append(names, r.Event)
	}
	return names
}
