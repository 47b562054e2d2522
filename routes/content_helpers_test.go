package routes_test

import (
	"encoding/json"
	"net/http"
	"slices"
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

// wantInvalid asserts a 400 invalid_request whose message names name (in quotes).
func wantInvalid(t testing.TB, res *apitest.Response, name string) {
	t.Helper()
	if res.Status != http.StatusBadRequest || res.ErrorCode() != "invalid_request" {
		t.Fatalf("got %d %s, want 400 invalid_request naming %q", res.Status, res.Body, name)
	}
	if msg := errorMessage(t, res); !strings.Contains(msg, `"`+name+`"`) {
		t.Fatalf("message %q does not name %q", msg, name)
	}
}

// wantStatus asserts the status of res.
func wantStatus(t testing.TB, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("got %d %s, want %d", res.Status, res.Body, status)
	}
}

// dataObject is the `data` object of a v1 single-record body.
func dataObject(t testing.TB, res *apitest.Response) map[string]any {
	t.Helper()
	d, ok := res.JSON(t)["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object: %s", res.Body)
	}
	return d
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
