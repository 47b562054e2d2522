package mcp_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
)

// mcpHeaders are what a Streamable HTTP client sends with key.
func mcpHeaders(key string) map[string]string {
	h := apitest.Bearer(key)
	h["Accept"] = "application/json, text/event-stream"
	return h
}

// rpc is a JSON-RPC request to /mcp.
func rpc(method string, params any) map[string]any {
	m := map[string]any{"jsonrpc": "2.0", "id": 1, "method": method}
	if params != nil {
		m["params"] = params
	}
	return m
}

// toolCall is a tools/call request.
func toolCall(name string, args map[string]any) map[string]any {
	return rpc("tools/call", map[string]any{"name": name, "arguments": args})
}

// mcpResult posts body to /mcp with key and decodes the JSON-RPC result (or error).
func mcpResult(t testing.TB, h *apitest.Harness, key string, body any) map[string]any {
	t.Helper()
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/mcp", Body: body, Headers: mcpHeaders(key)})
	if res.Status != http.StatusOK {
		t.Fatalf("status %d: %s", res.Status, res.Body)
	}
	return res.JSON(t)
}

// toolNames lists the tools that tools/list shows key.
func toolNames(t testing.TB, h *apitest.Harness, key string) []string {
	t.Helper()
	out := mcpResult(t, h, key, rpc("tools/list", nil))
	var names []string
	for _, tool := range out["result"].(map[string]any)["tools"].([]any) {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	slices.Sort(names)
	return names
}

// restData is the JSON body of a REST GET with key.
func restData(t testing.TB, h *apitest.Harness, path, key string) any {
	t.Helper()
	res := h.Get(path, key)
	if res.Status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
	}
	var v any
	if err := json.Unmarshal(res.Body, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMCPHandshake: initialize negotiates 2025-11-25 or an older revision the client asks for;
// a request without a good key is a 401 that names Bearer, so a client needs no OAuth.
func TestMCPHandshake(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	expired := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, Expiry: &expired})
	off := false
	inactive, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, Active: &off})
	initialize := func(version string) map[string]any {
		return rpc("initialize", map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "test", "version": "1"}})
	}
	for _, s := range []apitest.Scenario{
		{Name: "2025-11-25", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key), Body: initialize("2025-11-25"),
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"result.protocolVersion": "2025-11-25",
				"result.serverInfo.name": "creator-content-api", "result.capabilities.tools.listChanged": true}},
		{Name: "an older revision", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key), Body: initialize("2025-06-18"),
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"result.protocolVersion": "2025-06-18"}},
		{Name: "an unknown revision gets the newest", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key), Body: initialize("2031-01-01"),
			ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"result.protocolVersion": "2025-11-25"}},
		{Name: "no key", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(""), Body: initialize("2025-11-25"),
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized",
			ExpectedHeaders: map[string]string{"WWW-Authenticate": `Bearer realm="mcp"`, "Cache-Control": "no-store"}},
		{Name: "unknown key", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders("svc_live_" + strings.Repeat("0", 38)), Body: initialize("2025-11-25"),
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized", ExpectedHeaders: map[string]string{"WWW-Authenticate": `Bearer realm="mcp"`}},
		{Name: "expired key", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(old), Body: initialize("2025-11-25"),
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "key_expired", ExpectedHeaders: map[string]string{"WWW-Authenticate": ""}},
		{Name: "switched-off key", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(inactive), Body: initialize("2025-11-25"),
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "key_disabled"},
		{Name: "GET has no stream on a stateless server", Method: http.MethodGet, Path: "/mcp", Headers: mcpHeaders(key),
			ExpectedStatus: http.StatusMethodNotAllowed},
	} {
		s.Test(t, h)
	}
}

// TestMCPToolsFollowScopes: tools/list shows a key the tools its scopes allow over REST, and
// nothing else; a tool it is not shown cannot be called; the full list stays small.
func TestMCPToolsFollowScopes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	origins := []string{"https://site.example"}
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead, keys.ScopeReadMembers}, AllowedOrigins: &origins})
	for _, c := range []struct {
		name   string
		scopes []string
		want   []string
	}{
		{"read", []string{keys.ScopeRead}, []string{"get_content", "get_profile", "list_content", "list_tags"}},
		{"write", []string{keys.ScopeWrite}, []string{"create_draft", "publish", "update_draft"}},
		{"read:analytics", []string{keys.ScopeReadAnalytics}, []string{"get_analytics"}},
		{"read:members", []string{keys.ScopeReadMembers}, []string{"count_members"}},
		{"read:content", []string{keys.ScopeReadContent}, []string{"list_drafts"}},
		{"webhooks only", []string{keys.ScopeWebhooks}, nil},
		{"every scope", []string{keys.ScopeRead, keys.ScopeWrite, keys.ScopeReadAnalytics, keys.ScopeReadMembers, keys.ScopeReadContent},
			[]string{"count_members", "create_draft", "get_analytics", "get_content", "get_profile", "list_content", "list_drafts", "list_tags", "publish", "update_draft"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			key, _ := h.CreateKey(c.scopes...)
			if got := toolNames(t, h, key); !slices.Equal(got, c.want) {
				t.Errorf("tools %v, want %v", got, c.want)
			}
		})
	}
	t.Run("a browser key sees no personal data tool", func(t *testing.T) {
		res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/mcp", Body: rpc("tools/list", nil),
			Headers: map[string]string{"Authorization": "Bearer " + browser, "Accept": "application/json, text/event-stream", "Origin": origins[0]}})
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var out struct {
			Result struct{ Tools []struct{ Name string } }
		}
		if err := json.Unmarshal(res.Body, &out); err != nil {
			t.Fatal(err)
		}
		for _, tool := range out.Result.Tools {
			if tool.Name == "count_members" {
				t.Errorf("a browser key is shown count_members")
			}
		}
	})
	t.Run("a hidden tool cannot be called", func(t *testing.T) {
		read, _ := h.CreateKey(keys.ScopeRead)
		out := mcpResult(t, h, read, toolCall("create_draft", map[string]any{"collection": "posts", "fields": map[string]any{"title": "x", "visibility": "public"}}))
		if out["error"] == nil {
			t.Fatalf("a read key's create_draft: %v", out)
		}
		if n, _ := h.App.CountRecords(vocab.Posts); n != 0 {
			t.Errorf("%d posts", n)
		}
	})
	t.Run("the full list is at most 12 KB", func(t *testing.T) {
		full, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWrite, keys.ScopeReadAnalytics, keys.ScopeReadMembers, keys.ScopeReadContent)
		res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/mcp", Body: rpc("tools/list", nil), Headers: mcpHeaders(full)})
		if len(res.Body) > 12*1024 {
			t.Errorf("tools/list is %d bytes", len(res.Body))
		}
	})
}

// structured is a tools/call's structured result, failing on a tool error.
func structured(t testing.TB, out map[string]any) any {
	t.Helper()
	result, _ := out["result"].(map[string]any)
	if result == nil || result["isError"] == true {
		t.Fatalf("tool failed: %v", out)
	}
	return result["structuredContent"]
}

// TestMCPReadToolsAnswerAsREST: each read tool answers what its REST route answers.
func TestMCPReadToolsAnswerAsREST(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada Lovelace", "headline": "Writes about engines"})
	// Something for each count of the analytics to show, and three members to count.
	for _, email := range []string{"m0@example.com", "m1@example.com", "m2@example.com"} {
		h.SaveRecord(vocab.Members, map[string]any{"email": email, "password": "a long member password"})
	}
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "s@example.com"})
	h.SaveRecord(vocab.PageViews, map[string]any{"path": "/blog/a", "referrer": "https://news.example"})
	for i, slug := range []string{"alpha", "beta", "gamma"} {
		h.SaveRecord(vocab.Posts, map[string]any{"title": "Post " + slug, "slug": slug, "visibility": "public",
			"tags": []string{"go", "notes"}[:1+i%2], "content": "<h2>Hello</h2><p>A <strong>bold</strong> <a href=\"https://example.com\">link</a>.</p>"})
	}
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Hidden", "slug": "hidden", "visibility": "public", "draft": true})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadAnalytics, keys.ScopeReadMembers)
	page := func(t *testing.T, args map[string]any) map[string]any {
		return structured(t, mcpResult(t, h, key, toolCall("list_content", args))).(map[string]any)
	}
	for _, c := range []struct {
		name string
		tool string
		args map[string]any
		rest string
	}{
		{"list", "list_content", map[string]any{"collection": "posts"}, "/api/v1/posts"},
		{"list by tag", "list_content", map[string]any{"collection": "posts", "tag": "notes", "limit": 1}, "/api/v1/posts?limit=1&tag=notes"},
		{"search", "list_content", map[string]any{"collection": "posts", "q": "beta"}, "/api/v1/posts?q=beta"},
		{"sorted", "list_content", map[string]any{"collection": "posts", "sort": "title"}, "/api/v1/posts?sort=title"},
		{"projects", "list_content", map[string]any{"collection": "projects"}, "/api/v1/projects"},
		{"one", "get_content", map[string]any{"collection": "posts", "slug": "beta"}, "/api/v1/posts/beta"},
		{"profile", "get_profile", nil, "/api/v1/profile"},
		{"tags", "list_tags", nil, "/api/v1/tags"},
		{"analytics", "get_analytics", nil, "/api/v2/analytics"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := structured(t, mcpResult(t, h, key, toolCall(c.tool, c.args)))
			if want := restData(t, h, c.rest, key); !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\n got %v\nwant %v", c.tool, got, want)
			}
		})
	}
	t.Run("the cursor pages on", func(t *testing.T) {
		first := page(t, map[string]any{"collection": "posts", "limit": 2})
		next := page(t, map[string]any{"collection": "posts", "limit": 2, "cursor": first["next_cursor"]})
		if want := restData(t, h, "/api/v1/posts?limit=2&cursor="+first["next_cursor"].(string), key); !reflect.DeepEqual(next, want) {
			t.Errorf("page 2 %v, want %v", next, want)
		}
	})
	t.Run("markdown", func(t *testing.T) {
		got := structured(t, mcpResult(t, h, key, toolCall("get_content", map[string]any{"collection": "posts", "slug": "alpha", "format": "markdown"})))
		if content := got.(map[string]any)["data"].(map[string]any)["content"]; content != "## Hello\n\nA **bold** [link](https://example.com)." {
			t.Errorf("content %q", content)
		}
	})
	t.Run("members are counted, not listed", func(t *testing.T) {
		got := structured(t, mcpResult(t, h, key, toolCall("count_members", nil)))
		if want := map[string]any{"total_items": float64(3)}; !reflect.DeepEqual(got, want) {
			t.Errorf("%v", got)
		}
	})
	for _, c := range []struct {
		name, tool string
		args       map[string]any
		code       string
	}{
		{"a draft is not found", "get_content", map[string]any{"collection": "posts", "slug": "hidden"}, "not_found"},
		{"a slug with .md is not found", "get_content", map[string]any{"collection": "posts", "slug": "alpha.md"}, "not_found"},
		{"an unknown collection", "list_content", map[string]any{"collection": "members"}, "invalid_request"},
		{"an unknown argument", "list_content", map[string]any{"collection": "posts", "page": 2}, "invalid_request"},
		{"a bad limit", "list_content", map[string]any{"collection": "posts", "limit": 0}, "invalid_request"},
		{"a forged cursor", "list_content", map[string]any{"collection": "posts", "cursor": "nope"}, "invalid_request"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := mcpResult(t, h, key, toolCall(c.tool, c.args))
			result := out["result"].(map[string]any)
			text := result["content"].([]any)[0].(map[string]any)["text"].(string)
			var env struct{ Error struct{ Code string } }
			if result["isError"] != true || json.Unmarshal([]byte(text), &env) != nil || env.Error.Code != c.code {
				t.Errorf("%v, want a tool error %s", result, c.code)
			}
		})
	}
}

// TestMCPWriteTools: the write tools save through the v1 write routes: the same events, and
// revisions that name the key.
func TestMCPWriteTools(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	name := "Assistant"
	key, _ := h.CreateKeyWith(keys.Fields{Name: &name, Scopes: &[]string{keys.ScopeWrite, keys.ScopeReadContent}})
	published := h.SaveRecord(vocab.Posts, map[string]any{"title": "Live", "slug": "live", "visibility": "public"})
	var id string
	// refused is a call that the tool refuses with the REST error code.
	refused := func(s apitest.Scenario, code string) apitest.Scenario {
		s.ExpectedContent = []string{`\"code\":\"` + code + `\"`}
		return s
	}
	call := func(name string, args map[string]any, events []string, json map[string]any) apitest.Scenario {
		tool, _, _ := strings.Cut(name, " ")
		return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key),
			Body: toolCall(tool, args), ExpectedStatus: http.StatusOK, ExpectedEvents: events, ExpectedJSON: json}
	}
	res := call("create_draft", map[string]any{"collection": "posts", "fields": map[string]any{"title": "From notes", "visibility": "public", "draft": false, "content": "<p>x</p>"}},
		[]string{"content.created"}, map[string]any{"result.structuredContent.data.draft": true, "result.structuredContent.data.slug": "from-notes",
			"result.structuredContent.data.published_at": nil}).Test(t, h)
	id = res.JSON(t)["result"].(map[string]any)["structuredContent"].(map[string]any)["data"].(map[string]any)["id"].(string)

	call("update_draft", map[string]any{"collection": "posts", "id": id, "fields": map[string]any{"title": "Better title"}},
		[]string{"content.updated"}, map[string]any{"result.structuredContent.data.title": "Better title", "result.structuredContent.data.draft": true}).Test(t, h)
	call("list_drafts", map[string]any{"collection": "posts"}, nil, map[string]any{"result.structuredContent.items.0.id": id,
		"result.structuredContent.items.0.title": "Better title", "result.structuredContent.items.1": apitest.Absent,
		"result.structuredContent.page": 1, "result.structuredContent.total_pages": 1}).Test(t, h)
	revs, err := h.Revisions.List(h.App, vocab.Posts, id)
	if err != nil || len(revs) == 0 || revs[0].Actor.Name != name || revs[0].Actor.Type != "key" {
		t.Errorf("revisions %v %v", revs, err)
	}
	refused(call("update_draft of a published post", map[string]any{"collection": "posts", "id": published.Id, "fields": map[string]any{"title": "x"}},
		[]string{}, map[string]any{"result.isError": true}), "conflict").Test(t, h)
	refused(call("update_draft cannot publish", map[string]any{"collection": "posts", "id": id, "fields": map[string]any{"draft": false}},
		[]string{}, map[string]any{"result.isError": true}), "invalid_request").Test(t, h)
	refused(call("update_draft of an unknown id", map[string]any{"collection": "posts", "id": "nope", "fields": map[string]any{"title": "x"}},
		[]string{}, map[string]any{"result.isError": true}), "not_found").Test(t, h)

	scheduled := "2026-12-01 09:00:00.000Z"
	call("publish", map[string]any{"collection": "posts", "id": id, "at": scheduled},
		[]string{"content.updated"}, map[string]any{"result.structuredContent.data.draft": false,
			"result.structuredContent.data.published_at": scheduled}).Test(t, h)
	if res := h.Get("/api/v1/posts/better-title", mustKey(t, h)); res.Status != http.StatusNotFound {
		t.Errorf("a scheduled post is served: %d", res.Status)
	}
	other := h.SaveRecord(vocab.Posts, map[string]any{"title": "Now", "visibility": "public", "draft": true})
	call("publish now", map[string]any{"collection": "posts", "id": other.Id},
		[]string{"content.updated", "content.published"}, map[string]any{"result.structuredContent.data.draft": false,
			"result.structuredContent.data.published_at": apitest.Epoch.Format("2006-01-02 15:04:05.000Z")}).Test(t, h)
	if n, _ := h.App.CountRecords(vocab.Posts); n != 3 {
		t.Errorf("%d posts, want 3", n)
	}
}

// mustKey is a read key.
func mustKey(t testing.TB, h *apitest.Harness) string {
	t.Helper()
	key, _ := h.CreateKey(keys.ScopeRead)
	return key
}

// TestMCPResources: the published posts, then projects, as text/markdown resources, listed
// page by page through the v1 lists, each read as a Markdown document.
func TestMCPResources(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Engines", "slug": "engines", "visibility": "public", "excerpt": "On engines",
		"tags": []string{"math"}, "content": "<p>The <em>analytical</em> engine.</p><ul><li>one</li><li>two</li></ul>"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Secret", "slug": "secret", "visibility": "public", "draft": true})
	h.SaveRecord(vocab.Projects, map[string]any{"title": "Loom", "slug": "loom", "visibility": "public"})
	key, _ := h.CreateKey(keys.ScopeRead)
	first := mcpResult(t, h, key, rpc("resources/list", map[string]any{}))["result"].(map[string]any)
	if got := first["resources"].([]any); len(got) != 1 || got[0].(map[string]any)["uri"] != "content://posts/engines" ||
		got[0].(map[string]any)["mimeType"] != "text/markdown" || got[0].(map[string]any)["title"] != "Engines" || first["nextCursor"] != "projects" {
		t.Fatalf("first page %v", first)
	}
	second := mcpResult(t, h, key, rpc("resources/list", map[string]any{"cursor": "projects"}))["result"].(map[string]any)
	if got := second["resources"].([]any); len(got) != 1 || got[0].(map[string]any)["uri"] != "content://projects/loom" || second["nextCursor"] != nil {
		t.Fatalf("second page %v", second)
	}
	read := mcpResult(t, h, key, rpc("resources/read", map[string]any{"uri": "content://posts/engines"}))["result"].(map[string]any)
	doc := read["contents"].([]any)[0].(map[string]any)
	updated := restData(t, h, "/api/v1/posts/engines", key).(map[string]any)["data"].(map[string]any)["updated"].(string)
	want := "---\ntitle: \"Engines\"\nslug: \"engines\"\npublished: \"2026-11-21 12:00:00.000Z\"\nupdated: \"" + updated + "\"\n" +
		"excerpt: \"On engines\"\ntags:\n  - \"math\"\n---\n\nThe *analytical* engine.\n\n- one\n- two\n"
	if doc["text"] != want || doc["mimeType"] != "text/markdown" {
		t.Errorf("document %q, want %q", doc["text"], want)
	}
	for _, c := range []struct {
		name   string
		method string
		params map[string]any
		code   float64
	}{
		{"a draft is not a resource", "resources/read", map[string]any{"uri": "content://posts/secret"}, -32602},
		{"another scheme", "resources/read", map[string]any{"uri": "content://members/ada"}, -32602},
		{"a slug with .md", "resources/read", map[string]any{"uri": "content://posts/engines.md"}, -32602},
		{"a forged cursor", "resources/list", map[string]any{"cursor": "posts nope"}, -32602},
		{"an unknown collection in the cursor", "resources/list", map[string]any{"cursor": "members"}, -32602},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := mcpResult(t, h, key, rpc(c.method, c.params))
			if e, _ := out["error"].(map[string]any); e == nil || e["code"] != c.code {
				t.Errorf("%v, want error %v", out, c.code)
			}
		})
	}
	t.Run("a key without read has no resources", func(t *testing.T) {
		write, _ := h.CreateKey(keys.ScopeWrite)
		out := mcpResult(t, h, write, rpc("resources/list", map[string]any{}))
		if got, _ := out["result"].(map[string]any)["resources"].([]any); len(got) != 0 {
			t.Errorf("%v", out)
		}
		if out := mcpResult(t, h, write, rpc("resources/read", map[string]any{"uri": "content://posts/engines"})); out["error"] == nil {
			t.Errorf("%v", out)
		}
	})
}

// TestMCPRateAndLog: /mcp counts against the Normal tier per client IP like a REST call (one
// HTTP request, one count), and leaves a request log row without the key.
func TestMCPRateAndLog(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	h.App.Settings().Logs.MaxDays = 1 // PocketBase's test app keeps no log
	key, _ := h.CreateKey(keys.ScopeWrite)
	call := toolCall("create_draft", map[string]any{"collection": "posts", "fields": map[string]any{"title": "Logged", "visibility": "public"}})
	apitest.Scenario{Name: "a write", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key), Body: call,
		ExpectedStatus: http.StatusOK, ExpectedHeaders: map[string]string{"X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "9"}}.Test(t, h)
	rows := h.LogRows(t, 1)
	if !slices.ContainsFunc(rows, func(r string) bool { return strings.Contains(r, `/mcp`) }) || slices.ContainsFunc(rows, func(r string) bool { return strings.Contains(r, key) }) {
		t.Errorf("request log rows %v", rows)
	}
	for range 9 {
		h.Do(apitest.Request{Method: http.MethodPost, Path: "/mcp", Body: rpc("tools/list", nil), Headers: mcpHeaders(key)})
	}
	apitest.Scenario{Name: "past the burst", Method: http.MethodPost, Path: "/mcp", Headers: mcpHeaders(key), Body: rpc("tools/list", nil),
		ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited"}.Test(t, h)
}
