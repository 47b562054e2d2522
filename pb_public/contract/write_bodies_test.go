package contract_test

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/pb_public/contract"
)

// TestWriteBodiesNameEveryAcceptedField sends each operation with a JSON body a field no one
// accepts; the server's refusal lists the fields it does accept, and they must be exactly the
// properties of the body's schema, so a typed client can set every one of them.
func TestWriteBodiesNameEveryAcceptedField(t *testing.T) {
	doc := load(t)
	h := apitest.New(t, apitest.Options{})
	seed(t, h)
	write, keyID := h.CreateKey(keys.ScopeRead, keys.ScopeWrite, keys.ScopeSubscribe)
	v2, _ := h.CreateKey(keys.ScopeWriteWebhooks)
	members, _ := h.CreateKey(keys.ScopeMembers)
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	h.AllowPrivateWebhooks(true)
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(v2),
		Body: map[string]any{"url": apitest.NewReceiver(t).URL, "events": []string{"content.created"}}})
	if res.Status != http.StatusCreated {
		t.Fatalf("registering a webhook: %d %s", res.Status, res.Body)
	}
	ids := map[string]string{"api-keys": keyID, "webhooks": res.JSON(t)["id"].(string)}
	// The revisions path names its records in content_revisions.
	edited := h.SaveRecord(vocab.Posts, map[string]any{"title": "Edited", "visibility": "public"})
	edited.Set("title", "Edited again") // an update keeps a revision, for the restore body
	if err := h.App.Save(edited); err != nil {
		t.Fatal(err)
	}
	recordID := func(collection string) string { // the v1 collections are named as their paths
		if id, ok := ids[collection]; ok {
			return id
		}
		if collection == "revisions" {
			collection = vocab.ContentRevisions
		}
		rec, err := h.App.FindFirstRecordByFilter(collection, "")
		if err != nil {
			t.Fatalf("a record of %s: %v", collection, err)
		}
		return rec.Id
	}

	probed := 0
	for _, op := range doc.Operations() {
		schema, ok := doc.At(op.Pointer() + "/requestBody/content/application~1json/schema")
		if !ok {
			continue
		}
		t.Run(op.String(), func(t *testing.T) {
			ptr, s, err := doc.Resolve(op.Pointer()+"/requestBody/content/application~1json/schema", schema)
			if err != nil {
				t.Fatal(err)
			}
			documented := bodyProperties(t, doc, ptr, s)

			segs := strings.Split(op.Path, "/") // "", "api", "v1", "posts", "{idOrSlug}"
			path := op.Path
			if len(segs) > 4 && strings.HasPrefix(segs[4], "{") {
				segs[4] = recordID(segs[3]) // and what follows the id, as /restore, stays
				path = strings.Join(segs, "/")
			}
			headers := apitest.Bearer(write)
			switch {
			case op.Owner:
				headers = owner
			case segs[3] == "members" && segs[2] == "v1":
				headers = apitest.Bearer(members)
				headers["X-Member-Token"] = h.MemberToken("bodies@example.com", nil)
			case segs[2] == "v2":
				headers = apitest.Bearer(v2)
			}
			res := h.Do(apitest.Request{Method: op.Method, Path: path, Headers: headers, Body: map[string]any{"zz_no_such_field": true}})
			_, list, found := strings.Cut(res.JSON(t)["error"].(map[string]any)["message"].(string), "the writable fields are ")
			if res.Status != http.StatusBadRequest || !found {
				t.Fatalf("%s %s: %d %s, want 400 listing the writable fields", op.Method, path, res.Status, res.Body)
			}
			accepted := strings.Split(list, ", ")
			slices.Sort(accepted)
			if !slices.Equal(accepted, documented) {
				t.Errorf("the server accepts %q, %s documents %q", accepted, ptr, documented)
			}
			probed++
		})
	}
	if probed < 20 {
		t.Fatalf("probed %d write operations", probed)
	}
}

// bodyProperties are the property names of the body schema s at ptr, sorted: its own, or those
// of the branches of its oneOf together (a body of several forms, as /members/verify's).
func bodyProperties(t *testing.T, doc *contract.Document, ptr string, s map[string]any) []string {
	t.Helper()
	props, _ := s["properties"].(map[string]any)
	names := slices.Collect(maps.Keys(props))
	branches, _ := s["oneOf"].([]any)
	for i, b := range branches {
		_, branch, err := doc.Resolve(ptr+"/oneOf/"+strconv.Itoa(i), b)
		if err != nil {
			t.Fatal(err)
		}
		for name := range branch["properties"].(map[string]any) {
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}
