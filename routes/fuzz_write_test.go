package routes_test

import (
	"encoding/json"
	"maps"
	"mime"
	"net/http"
	"slices"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// writeEndpoint is one endpoint that reads a JSON body.
type writeEndpoint struct {
	method, path string
	headers      map[string]string
	// fields are the only member names a body that succeeds may have.
	fields []string
	// collection is where a 201 stores its record, deleted again after the input.
	collection string
	// bare is true when the success body is the record itself (v2), not {"data": record}.
	bare bool
}

// writableContent are the fields a JSON body may set on each content collection: the full
// view's fields less id, the autodates and file fields.
var writableContent = map[string][]string{
	vocab.Posts:          {"title", "slug", "excerpt", "tags", "visibility", "content", "draft"},
	vocab.Projects:       {"title", "slug", "excerpt", "tags", "visibility", "url", "repo_url", "content", "draft"},
	vocab.Courses:        {"title", "slug", "description", "price", "currency"},
	vocab.Talks:          {"title", "event", "date", "location", "url", "slides_url", "video_url", "description"},
	vocab.Experience:     {"company", "role", "location", "start_date", "end_date", "description", "sort_order"},
	vocab.Education:      {"school", "degree", "field", "start_date", "end_date", "sort_order"},
	vocab.Skills:         {"name", "category", "level", "sort_order"},
	vocab.Certifications: {"name", "issuer", "issued_at", "expires_at", "credential_url", "sort_order"},
}

// FuzzWriteBody sends fuzzed bytes with a fuzzed Content-Type (empty: application/json) to
// every endpoint that reads a JSON body: POST and PATCH of the eight v1 collections, webhook
// registration (v2 and admin), the admin PATCH of a subscription, and the admin create and
// PATCH of API keys. Beyond the shared invariants, an answer is 201 (POST) or 200 (PATCH)
// only for a body that is exactly one JSON object sent as application/json whose members are
// all, to the letter, fields the endpoint documents; everything else is 400 (or 413). What a
// 201 creates is deleted again, so the data stays the same size however long the run.
func FuzzWriteBody(f *testing.F) {
	h := apitest.New(f, apitest.Options{Hooks: refuseDeliveries})
	h.AllowPrivateWebhooks(true) // no input may make the app resolve a name (see FuzzWebhookSubscribe)
	endpoints := writeEndpoints(f, h)
	f.Fuzz(func(t *testing.T, endpoint uint8, contentType string, body []byte) {
		ep := endpoints[int(endpoint)%len(endpoints)]
		if contentType == "" {
			contentType = "application/json"
		}
		headers := maps.Clone(ep.headers)
		headers["Content-Type"] = contentType
		hh := h.For(t)
		res := hh.Do(apitest.Request{Method: ep.method, Path: ep.path, Headers: headers, Body: body})
		checkAnswer(t, res)
		success := http.StatusOK
		if ep.method == http.MethodPost {
			success = http.StatusCreated
		}
		switch res.Status {
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			return
		case success:
		default:
			t.Fatalf("%s %s: %d %s", ep.method, ep.path, res.Status, res.Body)
		}
		if mt, _, err := mime.ParseMediaType(contentType); err != nil || mt != "application/json" {
			t.Fatalf("accepted a body sent as %q", contentType)
		}
		members := oneJSONObject(t, body)
		for name := range members {
			if !slices.Contains(ep.fields, name) {
				t.Fatalf("%s %s accepted the member %q (fields: %q)", ep.method, ep.path, name, ep.fields)
			}
		}
		if ep.collection != "" {
			deleteCreated(t, hh, ep, res)
		}
	})
}

// oneJSONObject decodes body, which a write accepted, and fails unless it is exactly one
// JSON object.
func oneJSONObject(t *testing.T, body []byte) map[string]json.RawMessage {
	t.Helper()
	var members map[string]json.RawMessage
	if !json.Valid(body) || json.Unmarshal(body, &members) != nil || members == nil {
		t.Fatalf("accepted a body that is not one JSON object: %q", body)
	}
	return members
}

// deleteCreated deletes the record a 201 made.
func deleteCreated(t *testing.T, h *apitest.Harness, ep writeEndpoint, res *apitest.Response) {
	t.Helper()
	var rec struct {
		ID   string `json:"id"`
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(res.Body, &rec); err != nil {
		t.Fatal(err)
	}
	id := rec.Data.ID
	if ep.bare {
		id = rec.ID
	}
	r, err := h.App.FindRecordById(ep.collection, id)
	if err == nil {
		err = h.App.Delete(r)
	}
	if err != nil {
		t.Fatalf("deleting the created %s %q: %v", ep.collection, id, err)
	}
}

// writeEndpoints are every endpoint that reads a JSON body, each PATCH aimed at a record made
// here.
func writeEndpoints(f *testing.F, h *apitest.Harness) []writeEndpoint {
	f.Helper()
	writer, _ := h.CreateKey(keys.ScopeWrite, keys.ScopeWriteWebhooks)
	key, owner := apitest.Bearer(writer), map[string]string{"Authorization": h.SuperuserToken()}
	var out []writeEndpoint
	for _, c := range []string{vocab.Posts, vocab.Projects, vocab.Courses, vocab.Talks,
		vocab.Experience, vocab.Education, vocab.Skills, vocab.Certifications} {
		base := "/api/v1/" + c
		rec := h.SaveRecord(c, patchTarget(c))
		out = append(out,
			writeEndpoint{method: http.MethodPost, path: base, headers: key, fields: writableContent[c], collection: c},
			writeEndpoint{method: http.MethodPatch, path: base + "/" + rec.Id, headers: key, fields: writableContent[c]})
	}
	subscription := []string{"url", "events", "description"}
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/admin/webhooks", Headers: owner,
		Body: map[string]any{"url": "https://hooks.example.org/in"}})
	sub, _ := res.JSON(f)["data"].(map[string]any)
	if res.Status != http.StatusCreated || sub == nil {
		f.Fatalf("subscription: %d %s", res.Status, res.Body)
	}
	_, keyID := h.CreateKey(keys.ScopeRead)
	keyFields := []string{"name", "scopes", "allowed_origins", "expiry", "active"}
	return append(out,
		writeEndpoint{method: http.MethodPost, path: "/api/v2/webhooks", headers: key, fields: subscription,
			collection: vocab.WebhookSubscriptions, bare: true},
		writeEndpoint{method: http.MethodPost, path: "/api/admin/webhooks", headers: owner, fields: subscription,
			collection: vocab.WebhookSubscriptions},
		writeEndpoint{method: http.MethodPatch, path: "/api/admin/webhooks/" + sub["id"].(string), headers: owner,
			fields: []string{"enabled", "events", "description"}},
		writeEndpoint{method: http.MethodPost, path: "/api/admin/api-keys", headers: owner, fields: keyFields,
			collection: vocab.APIKeys},
		writeEndpoint{method: http.MethodPatch, path: "/api/admin/api-keys/" + keyID, headers: owner, fields: keyFields},
	)
}

// patchTarget is a valid record of collection, for the PATCH endpoints to change.
func patchTarget(collection string) map[string]any {
	switch collection {
	case vocab.Posts, vocab.Projects:
		return map[string]any{"title": "Target", "visibility": "public"}
	case vocab.Courses:
		return map[string]any{"title": "Target", "currency": "usd"}
	case vocab.Experience:
		return map[string]any{"company": "Acme", "role": "Engineer"}
	case vocab.Education:
		return map[string]any{"school": "Open University"}
	case vocab.Skills, vocab.Certifications:
		return map[string]any{"name": "Target"}
	}
	return map[string]any{"title": "Target"}
}
