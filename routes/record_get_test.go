package routes_test

import (
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

// visibilityCases are the draft/visibility combinations of posts and projects; v1 serves the
// published public one whole and the published members one cut.
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

func TestOnlyPublishedListedInV1(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(keys.ScopeRead)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	for _, collection := range []string{"posts", "projects"} {
		ids := seedVisibility(t, h, collection)
		t.Run(collection, func(t *testing.T) {
			v1List := apitest.Scenario{Name: "v1 list", Path: "/api/v1/" + collection + "?sort=title", Headers: apitest.Bearer(read),
				ExpectedStatus: http.StatusOK, ExpectedJSON: listed("data", "id", ids["members"], ids["pub"])}
			v1List.ExpectedJSON["total"] = 2
			scenarios := []apitest.Scenario{v1List}
			for _, c := range visibilityCases {
				scenarios = append(scenarios, apitest.Scenario{Name: "v2 GET " + c.slug, Path: "/api/v2/" + collection + "/" + ids[c.slug],
					Headers: apitest.Bearer(content), ExpectedStatus: http.StatusOK,
					ExpectedJSON: map[string]any{"id": ids[c.slug], "draft": c.draft, "visibility": c.visibility, "content": "<p>" + c.slug + "</p>"}})
				bySlug := apitest.Scenario{Name: "v1 GET " + c.slug, Path: "/api/v1/" + collection + "/" + c.slug, Headers: apitest.Bearer(read),
					ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}
				switch c.slug {
				case "pub":
					bySlug.ExpectedStatus, bySlug.ExpectedCode = http.StatusOK, ""
					bySlug.ExpectedJSON = map[string]any{"data.id": ids["pub"], "data.content": "<p>pub</p>", "data.draft": false, "data.access": true}
				case "members": // served to a reader without access cut: nothing before a marker it lacks
					bySlug.ExpectedStatus, bySlug.ExpectedCode = http.StatusOK, ""
					bySlug.ExpectedJSON = map[string]any{"data.id": ids["members"], "data.content": "", "data.access": false}
				}
				scenarios = append(scenarios, bySlug)
			}
			// v1 GET takes a slug, not an id; unknown ids and slugs are 404 everywhere.
			scenarios = append(scenarios,
				apitest.Scenario{Name: "v1 GET by id", Path: "/api/v1/" + collection + "/" + ids["pub"], Headers: apitest.Bearer(read),
					ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
				apitest.Scenario{Name: "v1 GET unknown slug", Path: "/api/v1/" + collection + "/no-such-slug", Headers: apitest.Bearer(read),
					ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
				apitest.Scenario{Name: "v2 GET unknown id", Path: "/api/v2/" + collection + "/nosuchid1234567", Headers: apitest.Bearer(content),
					ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
			)
			for _, s := range scenarios {
				s.Test(t, h)
			}
		})
	}
}
