package routes_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
)

// sameInstant is the created and updated time of records that must tie on every sort.
var sameInstant = mustTime("2026-11-01 10:00:00.000Z")

func mustTime(s string) types.DateTime {
	d, err := types.ParseDateTime(s)
	if err != nil || d.IsZero() {
		panic("bad time " + s)
	}
	return d
}

// send is Do with a key, a method and a JSON body (nil: none).
func send(h *apitest.Harness, method, path, key string, body any) *apitest.Response {
	return h.Do(apitest.Request{Method: method, Path: path, Headers: apitest.Bearer(key), Body: body})
}

// errorMessage is the envelope's message.
func errorMessage(t testing.TB, res *apitest.Response) string {
	t.Helper()
	var env struct {
		Error struct{ Message string } `json:"error"`
	}
	if err := json.Unmarshal(res.Body, &env); err != nil {
		t.Fatalf("not an envelope: %s", res.Body)
	}
	return env.Error.Message
}

// wantStatus asserts the status of res.
func wantStatus(t testing.TB, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("got %d %s, want %d", res.Status, res.Body, status)
	}
}

// listOf is the array under key (data or items) of a list body.
func listOf(t testing.TB, res *apitest.Response, key string) []map[string]any {
	t.Helper()
	raw, ok := res.JSON(t)[key].([]any)
	if !ok {
		t.Fatalf("no %s array: %s", key, res.Body)
	}
	out := make([]map[string]any, 0, len(raw))
	for _, r := range raw {
		out = append(out, r.(map[string]any))
	}
	return out
}

// idsOf lists the ids of items.
func idsOf(items []map[string]any) []string {
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it["id"].(string))
	}
	return ids
}

// keysOf lists an object's keys, sorted.
func keysOf(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

// check is a Scenario's After func: a check of the answer the Scenario's fields cannot say.
type check = func(t testing.TB, h *apitest.Harness, res *apitest.Response)

// checks runs each of cs in turn, as one After func.
func checks(cs ...check) check {
	return func(t testing.TB, h *apitest.Harness, res *apitest.Response) {
		t.Helper()
		for _, c := range cs {
			c(t, h, res)
		}
	}
}

// listed is ExpectedJSON for a list whose array under list holds exactly len(values) items,
// in order, each with field set to its value.
func listed(list, field string, values ...string) map[string]any {
	want := map[string]any{fmt.Sprintf("%s.%d", list, len(values)): apitest.Absent}
	for i, v := range values {
		want[fmt.Sprintf("%s.%d.%s", list, i, field)] = v
	}
	return want
}

// holdsIDs checks that the array under list holds the records of ids, each once, in any order.
func holdsIDs(list string, ids ...string) check {
	want := slices.Sorted(slices.Values(ids))
	return func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		t.Helper()
		got := idsOf(listOf(t, res, list))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", list, got, want)
		}
	}
}

// keysAt checks that each object at path has exactly the keys want (sorted, comma separated).
// The path is dotted as ExpectedJSON's; "" is the body, and * stands for every item of an array.
func keysAt(path, want string) check {
	return func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		t.Helper()
		objs := []any{res.JSON(t)}
		for seg := range strings.SplitSeq(path, ".") {
			if seg == "" {
				continue
			}
			var next []any
			for _, o := range objs {
				switch v := o.(type) {
				case map[string]any:
					next = append(next, v[seg])
				case []any:
					if seg == "*" {
						next = append(next, v...)
					} else if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(v) {
						next = append(next, v[i])
					}
				}
			}
			objs = next
		}
		if len(objs) == 0 {
			t.Errorf("nothing at %q: %s", path, res.Body)
		}
		for _, o := range objs {
			m, ok := o.(map[string]any)
			if !ok {
				t.Errorf("%q is not an object: %s", path, res.Body)
				continue
			}
			if got := keysOf(m); got != want {
				t.Errorf("keys at %q: %s, want %s", path, got, want)
			}
		}
	}
}

// bodyIs checks that the body is exactly want (a final newline aside), where
// ExpectedContent would accept a body that holds more.
func bodyIs(want string) check {
	want = strings.TrimSuffix(want, "\n")
	return func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		t.Helper()
		if got := strings.TrimSuffix(string(res.Body), "\n"); got != want {
			t.Errorf("body %s\nwant %s", got, want)
		}
	}
}

// invalidParam is s expecting a 400 invalid_request whose message names param (a query
// parameter or a body field) in quotes.
func invalidParam(s apitest.Scenario, param string) apitest.Scenario {
	s.ExpectedStatus, s.ExpectedCode = http.StatusBadRequest, "invalid_request"
	s.ExpectedContent = append(s.ExpectedContent, `\"`+param+`\"`)
	return s
}
