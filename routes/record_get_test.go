package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/apitest"
)

// visibilityCases are the draft/visibility combinations of posts and projects; only the first
// is published and public.
var visibilityCases = []struct {
	slug, visibility string
	draft            bool
}{
	{"pub", "public", false},
	{"draft-pub", "public", true},
	{"members", "members", false},
	{"private", "private", false},
	{"draft-private", "private", true},
}

// seedVisibility saves one record of collection per visibility case; slug → id.
func seedVisibility(t *testing.T, h *apitest.Harness, collection string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, c := range visibilityCases {
		ids[c.slug] = h.SaveRecord(collection, map[string]any{
			"title": c.slug, "slug": c.slug, "visibility": c.visibility, "draft": c.draft, "content": "<p>" + c.slug + "</p>",
		}).Id
	}
	return ids
}

func TestOnlyPublishedPublicInV1(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(keys.ScopeRead)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	for _, collection := range []string{"posts", "projects"} {
		ids := seedVisibility(t, h, collection)
		t.Run(collection, func(t *testing.T) {
			list := h.Get("/api/v1/"+collection, read)
			wantStatus(t, list, http.StatusOK)
			if got := idsOf(listOf(t, list, "data")); len(got) != 1 || got[0] != ids["pub"] || list.JSON(t)["total"] != 1.0 {
				t.Fatalf("v1 list shows %v: %s", got, list.Body)
			}
			for _, c := range visibilityCases {
				bySlug := h.Get("/api/v1/"+collection+"/"+c.slug, read)
				byID := h.Get("/api/v2/"+collection+"/"+ids[c.slug], content)
				wantStatus(t, byID, http.StatusOK)
				v2 := byID.JSON(t)
				if v2["id"] != ids[c.slug] || v2["draft"] != c.draft || v2["visibility"] != c.visibility || v2["content"] != "<p>"+c.slug+"</p>" {
					t.Fatalf("v2 GET %s: %s", c.slug, byID.Body)
				}
				if c.slug != "pub" {
					if bySlug.Status != http.StatusNotFound || bySlug.ErrorCode() != "not_found" {
						t.Fatalf("v1 GET %s: %d %s, want 404", c.slug, bySlug.Status, bySlug.Body)
					}
					continue
				}
				wantStatus(t, bySlug, http.StatusOK)
				if d := dataObject(t, bySlug); d["id"] != ids["pub"] || d["content"] != "<p>pub</p>" || d["draft"] != false {
					t.Fatalf("v1 GET pub: %s", bySlug.Body)
				}
			}
			// v1 GET takes a slug, not an id; unknown ids and slugs are 404 everywhere.
			for _, res := range []*apitest.Response{
				h.Get("/api/v1/"+collection+"/"+ids["pub"], read),
				h.Get("/api/v1/"+collection+"/no-such-slug", read),
				h.Get("/api/v2/"+collection+"/nosuchid1234567", content),
			} {
				if res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" {
					t.Fatalf("got %d %s, want 404", res.Status, res.Body)
				}
			}
		})
	}
}
