package routes_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/vocab"
)

// makePreview makes a preview link to a post through the admin API and returns its token and id.
func (c adminClient) makePreview(id string, expiresIn any) (token, linkID string) {
	c.t.Helper()
	body := map[string]any{"collection": "posts", "id": id}
	if expiresIn != nil {
		body["expires_in"] = expiresIn
	}
	res, data := c.do(http.MethodPost, "/api/admin/previews", body)
	if res.Status != http.StatusCreated {
		c.t.Fatalf("make a preview link: %d %s", res.Status, res.Body)
	}
	return data["token"].(string), data["id"].(string)
}

// A preview link shows its draft to any read key, through the read cache yet never kept in
// it nor storable by any other cache.
func TestPreviewShowsADraftUncached(t *testing.T) {
	t.Parallel()
	s := newCacheSite(t, apitest.Options{})
	h := s.h
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	draft := h.SaveRecord(vocab.Posts, map[string]any{"title": "Draft", "excerpt": "soon", "visibility": "private", "draft": true})
	token, _ := c.makePreview(draft.Id, nil)
	path := "/api/v1/previews/" + token

	apitest.Scenario{Name: "v1 hides the draft", Path: "/api/v1/posts/" + draft.GetString("slug"), Headers: apitest.Bearer(s.key),
		ExpectedStatus: 404, ExpectedCode: "not_found"}.Test(t, h)
	preview := apitest.Scenario{Name: "the preview shows it", Path: path, Headers: apitest.Bearer(s.key), ExpectedStatus: 200,
		ExpectedJSON:    map[string]any{"data.id": draft.Id, "data.title": "Draft", "data.excerpt": "soon", "data.draft": true, "data.visibility": "private"},
		ExpectedHeaders: map[string]string{"Cache-Control": "private, no-store", "Vary": ""}}
	preview.Test(t, h)

	// A change no hook sees: the cached list keeps its answer, the preview reads it at once.
	s.want("cached list", "First: one")
	s.rawExcerpt(h.App.DB(), "changed")
	_, err := h.App.DB().NewQuery("UPDATE posts SET excerpt = 'later' WHERE id = {:id}").Bind(map[string]any{"id": draft.Id}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	s.want("the list is answered from the read cache", "First: one")
	preview.Name, preview.ExpectedJSON = "the preview is not", map[string]any{"data.excerpt": "later"}
	preview.Test(t, h)
}

// Unknown, altered, expired and revoked tokens and deleted records are one and the same 404.
func TestPreviewRefusals(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	c := adminClient{t: t, h: h, token: h.SuperuserToken()}
	read, _ := h.CreateKey(keys.ScopeRead)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "P", "visibility": "public", "draft": true})
	gone := h.SaveRecord(vocab.Posts, map[string]any{"title": "Q", "visibility": "public", "draft": true})
	live, _ := c.makePreview(post.Id, 3600)
	short, _ := c.makePreview(post.Id, 60)
	revoked, revokedID := c.makePreview(post.Id, nil)
	toGone, _ := c.makePreview(gone.Id, nil)
	if err := h.App.Delete(gone); err != nil {
		t.Fatal(err)
	}
	h.Clock.Advance(61 * time.Second)
	altered := live[:len(live)-1] + map[bool]string{true: "B", false: "A"}[live[len(live)-1] == 'A']

	notFound := `{"error":{"code":"not_found","message":"not found"}}`
	scenarios := []apitest.Scenario{
		{Name: "revoke one", Method: http.MethodDelete, Path: "/api/admin/previews/" + revokedID, Headers: owner(c.token), ExpectedStatus: 204},
		{Name: "revoke an unknown link", Method: http.MethodDelete, Path: "/api/admin/previews/" + revokedID, Headers: owner(c.token), ExpectedStatus: 404, ExpectedCode: "not_found"},
		{Name: "live", Path: "/api/v1/previews/" + live, Headers: apitest.Bearer(read), ExpectedStatus: 200},
		{Name: "a key without read", Path: "/api/v1/previews/" + live, Headers: apitest.Bearer(content), ExpectedStatus: 403, ExpectedCode: "insufficient_scope"},
		{Name: "unknown", Path: "/api/v1/previews/pvw_nothing", Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
		{Name: "altered", Path: "/api/v1/previews/" + altered, Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
		{Name: "expired", Path: "/api/v1/previews/" + short, Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
		{Name: "revoked", Path: "/api/v1/previews/" + revoked, Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
		{Name: "deleted record", Path: "/api/v1/previews/" + toGone, Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
		{Name: "link to a deleted record", Method: http.MethodPost, Path: "/api/admin/previews", Headers: owner(c.token),
			Body: map[string]any{"collection": "posts", "id": gone.Id}, ExpectedStatus: 404, ExpectedCode: "not_found"},
		{Name: "link to a page", Method: http.MethodPost, Path: "/api/admin/previews", Headers: owner(c.token),
			Body: map[string]any{"collection": "pages", "id": post.Id}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "link for too long", Method: http.MethodPost, Path: "/api/admin/previews", Headers: owner(c.token),
			Body: map[string]any{"collection": "posts", "id": post.Id, "expires_in": int(previews.DefaultMax/time.Second) + 1}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "link for no time", Method: http.MethodPost, Path: "/api/admin/previews", Headers: owner(c.token),
			Body: map[string]any{"collection": "posts", "id": post.Id, "expires_in": 0}, ExpectedStatus: 400, ExpectedCode: "invalid_request"},
		{Name: "a key cannot make links", Method: http.MethodPost, Path: "/api/admin/previews", Headers: apitest.Bearer(read),
			Body: map[string]any{"collection": "posts", "id": post.Id}, ExpectedStatus: 401, ExpectedCode: "unauthorized"},
		{Name: "the list holds the live links only", Path: "/api/admin/previews", Headers: owner(c.token), ExpectedStatus: 200,
			ExpectedJSON:    map[string]any{"data.1.collection": "posts", "data.2": apitest.Absent},
			ExpectedContent: []string{`"record":"` + gone.Id + `"`, `"record":"` + post.Id + `"`, `"expires_at":"2026-11-21 13:00:00.000Z"`}, NotExpectedContent: []string{"pvw_"}},
		{Name: "revoke all", Method: http.MethodDelete, Path: "/api/admin/previews", Headers: owner(c.token), ExpectedStatus: 204},
		{Name: "after revoking all", Path: "/api/v1/previews/" + live, Headers: apitest.Bearer(read), ExpectedStatus: 404, ExpectedCode: "not_found", ExpectedContent: []string{notFound}},
	}
	for _, s := range scenarios {
		s.Test(t, h)
	}
	if n, err := h.Previews.Prune(h.App); err != nil || n != 0 {
		t.Fatalf("prune after revoking all: %d, %v", n, err)
	}
}
