package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// TestMarkdownReads: a v1 read by slug answers a Markdown document to a client that prefers
// it (Accept) or asks for <slug>.md, with its own ETag; JSON stays the default, errors stay the
// envelope, and the cache keeps the two apart.
func TestMarkdownReads(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Engines", "slug": "engines", "visibility": "public", "tags": []string{"math"},
		"content": "<p>The <em>analytical</em> engine.</p>"})
	h.SaveRecord(vocab.Projects, map[string]any{"title": "Loom", "slug": "loom", "visibility": "public", "content": "<h1>Loom</h1>"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Secret", "slug": "secret", "visibility": "public", "draft": true})
	key, _ := h.CreateKey(keys.ScopeRead)
	accept := func(v string) map[string]string {
		m := apitest.Bearer(key)
		m["Accept"] = v
		return m
	}
	const md = "text/markdown; charset=utf-8"
	body := "\n---\n\nThe *analytical* engine.\n"
	var etag string
	for _, s := range []apitest.Scenario{
		{Name: "JSON by default", Path: "/api/v1/posts/engines", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": "application/json; charset=utf-8", "Vary": "Authorization, Origin, X-Member-Token, Accept"}},
		{Name: "Accept text/markdown", Path: "/api/v1/posts/engines", Headers: accept("text/markdown"), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": md, "Vary": "Authorization, Origin, X-Member-Token, Accept", "ETag": apitest.Present},
			ExpectedContent: []string{"---\ntitle: \"Engines\"\nslug: \"engines\"\nurl: \"http://example.com/api/v1/posts/engines.md\"\n", "tags:\n  - \"math\"\n", body},
			After:           func(_ testing.TB, _ *apitest.Harness, res *apitest.Response) { etag = res.Header.Get("ETag") }},
		{Name: "Markdown ranked below JSON", Path: "/api/v1/posts/engines", Headers: accept("application/json, text/markdown;q=0.5"), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{Name: "Markdown ranked above JSON", Path: "/api/v1/posts/engines", Headers: accept("application/json;q=0.9, text/markdown"), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": md}},
		{Name: "the .md suffix", Path: "/api/v1/posts/engines.md", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": md}, ExpectedContent: []string{body}},
		{Name: "a project", Path: "/api/v1/projects/loom.md", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{"title: \"Loom\"", "---\n\n# Loom\n"}},
		{Name: "a draft is 404 as JSON", Path: "/api/v1/posts/secret.md", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "no key", Path: "/api/v1/posts/engines.md", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
	} {
		s.Test(t, h)
	}
	h2 := accept("text/markdown")
	h2["If-None-Match"] = etag
	apitest.Scenario{Name: "the Markdown ETag", Path: "/api/v1/posts/engines", Headers: h2, ExpectedStatus: http.StatusNotModified,
		ExpectedHeaders: map[string]string{"Vary": "Authorization, Origin, X-Member-Token, Accept"}}.Test(t, h)
	apitest.Scenario{Name: "the JSON answer is not the Markdown's", Path: "/api/v1/posts/engines", Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusOK, ExpectedHeaders: map[string]string{"Content-Type": "application/json; charset=utf-8"}}.Test(t, h)
}

// TestLLMsTxt: /llms.txt lists the public published posts and projects with links to their
// Markdown, served without a key; /llms-full.txt holds the documents themselves.
func TestLLMsTxt(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	seedProfile(t, h)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Engines", "slug": "engines", "visibility": "public", "excerpt": "On engines",
		"content": "<p>The <em>analytical</em> engine.</p>"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Members", "slug": "members-only", "visibility": "members"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Secret", "slug": "secret", "visibility": "public", "draft": true})
	h.SaveRecord(vocab.Projects, map[string]any{"title": "Loom", "slug": "loom", "visibility": "public"})
	index := "# Ada Lovelace\n\n> Writes about engines\n\n## Posts\n\n- [Engines](http://example.com/llms/posts/engines.md): On engines\n\n" +
		"## Projects\n\n- [Loom](http://example.com/llms/projects/loom.md)\n"
	for _, s := range []apitest.Scenario{
		{Path: "/llms.txt", ExpectedStatus: http.StatusOK, ExpectedHeaders: map[string]string{"Content-Type": "text/plain; charset=utf-8",
			"Cache-Control": "public, max-age=300", "ETag": apitest.Present},
			After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				if string(res.Body) != index {
					t.Errorf("llms.txt %q, want %q", res.Body, index)
				}
			}},
		{Path: "/llms-full.txt", ExpectedStatus: http.StatusOK, ExpectedContent: []string{"# Ada Lovelace\n",
			"## Posts\n\n\n---\ntitle: \"Engines\"\nslug: \"engines\"\nurl: \"http://example.com/llms/posts/engines.md\"\n", "The *analytical* engine.\n",
			"## Projects\n\n\n---\ntitle: \"Loom\""}, NotExpectedContent: []string{"Secret", "Members"}},
		{Path: "/llms/posts/engines.md", ExpectedStatus: http.StatusOK, ExpectedHeaders: map[string]string{"Content-Type": "text/markdown; charset=utf-8",
			"Cache-Control": "public, max-age=300"}, ExpectedContent: []string{"The *analytical* engine.\n"}},
		{Path: "/llms/posts/engines", ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Path: "/llms/posts/members-only.md", ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Path: "/llms/posts/secret.md", ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
	} {
		s.Test(t, h)
	}
	if strings.Count(index, "](") != 2 {
		t.Fatal("the index lists two documents")
	}
}
