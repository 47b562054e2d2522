package mcp

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/markdown"
	"github.com/creator-content-api/server/routes/params"
)

// tool is one MCP tool: a scope that shows it in tools/list (and its personal-data rule, as
// its route's), its schemas from the contract, and run, which maps the arguments to calls of
// rows of the route table (Config.Call) and their answers to the tool's result.
type tool struct {
	tool         *mcp.Tool
	scope        string
	personalData bool
	run          func(c *toolCall, args json.RawMessage) (any, error)
}

// toolCall is a tool's call on behalf of the /mcp request's key.
type toolCall struct {
	s   *Server
	e   *core.RequestEvent
	key *keys.Key
}

// visibleTo says whether key may call the tool, by the rule of keyAuth for its routes.
func (t *tool) visibleTo(key *keys.Key) bool {
	return keys.Grants(key.Scopes, t.scope) && !(t.personalData && key.Browser())
}

// The collections the content tools serve, as the v1 routes name them.
var contentCollections = []any{"posts", "projects"}

// writeFields are the summary of a record a write tool answers with.
var writeFields = []string{"id", "slug", "title", "draft", "visibility", "published_at", "updated"}

// loadTools makes the tools from the schemas of the embedded contract.
func loadTools() ([]*tool, error) {
	s, err := loadContractSchemas()
	if err != nil {
		return nil, err
	}
	b := schemaBuilder{s: s}
	collection := map[string]any{"type": "string", "enum": contentCollections}
	str := map[string]any{"type": "string"}
	item := b.union("PostData", "ProjectData")
	writeSummary := mergeSchemas(b.picked("Post", writeFields), b.picked("Project", writeFields))
	summary := map[string]any{"type": "object", "required": []any{"data"}, "properties": map[string]any{"data": writeSummary}}
	tools := []*tool{
		{scope: keys.ScopeRead, run: listContentTool, tool: &mcp.Tool{
			Name:        "list_content",
			Description: "List or search (q) published posts or projects, newest first; next_cursor pages on.",
			InputSchema: b.object([]string{"collection"}, map[string]any{
				"collection": collection, "tag": b.param("TagFilter"), "q": b.param("Search"),
				"sort": b.param("PublishedSort"), "limit": b.param("Limit"), "cursor": b.param("Cursor")}),
			OutputSchema: b.union("PostCursorList", "ProjectCursorList"),
		}},
		{scope: keys.ScopeRead, run: getContentTool, tool: &mcp.Tool{
			Name:        "get_content",
			Description: "One published post or project by slug; format markdown turns its content from HTML to Markdown.",
			InputSchema: b.object([]string{"collection", "slug"}, map[string]any{
				"collection": collection, "slug": str,
				"format": map[string]any{"type": "string", "enum": []any{"html", "markdown"}, "default": "html"}}),
			OutputSchema: item,
		}},
		{scope: keys.ScopeReadContent, run: draftsTool, tool: &mcp.Tool{
			Name:        "list_drafts",
			Description: "The drafts of posts or projects (what update_draft and publish take), newest first, 50 a page.",
			InputSchema: b.object([]string{"collection"}, map[string]any{
				"collection": collection, "q": b.param("Search"), "page": b.param("Page")}),
			OutputSchema: map[string]any{"type": "object", "required": []any{"items", "page", "total_pages"}, "properties": map[string]any{
				"items": map[string]any{"type": "array", "items": writeSummary}, "page": b.param("Page"),
				"total_pages": map[string]any{"type": "integer"}}},
		}},
		{scope: keys.ScopeRead, run: profileTool, tool: &mcp.Tool{
			Name: "get_profile", Description: "The creator's public profile.",
			InputSchema: b.object(nil, nil), OutputSchema: b.component("ProfileData"),
		}},
		{scope: keys.ScopeRead, run: tagsTool, tool: &mcp.Tool{
			Name: "list_tags", Description: "The tags of published posts, with counts.",
			InputSchema: b.object(nil, nil), OutputSchema: b.component("TagList"),
		}},
		{scope: keys.ScopeWrite, run: createDraftTool, tool: &mcp.Tool{
			Name:        "create_draft",
			Description: "Create a draft post or project (never published by this tool; see publish).",
			InputSchema: b.object([]string{"collection", "fields"}, map[string]any{
				"collection": collection, "fields": b.union("PostCreate", "ProjectCreate")}),
			OutputSchema: summary,
		}},
		{scope: keys.ScopeWrite, run: updateDraftTool, tool: &mcp.Tool{
			Name:        "update_draft",
			Description: "Change fields of a draft by id; published records are refused.",
			InputSchema: b.object([]string{"collection", "id", "fields"}, map[string]any{
				"collection": collection, "id": str, "fields": b.union("PostUpdate", "ProjectUpdate")}),
			OutputSchema: summary,
		}},
		{scope: keys.ScopeWrite, run: publishTool, tool: &mcp.Tool{
			Name:        "publish",
			Description: "Publish a record by id now, or schedule it: at, a future time like 2026-12-01 09:00:00.000Z.",
			InputSchema: b.object([]string{"collection", "id"}, map[string]any{
				"collection": collection, "id": str, "at": str}),
			OutputSchema: summary,
		}},
		{scope: keys.ScopeReadAnalytics, run: analyticsTool, tool: &mcp.Tool{
			Name: "get_analytics", Description: "Counts of the last 30 days: members, subscribers, page views, and by plan sales and top pages.",
			InputSchema: b.object(nil, nil), OutputSchema: b.component("AnalyticsData"),
		}},
		{scope: keys.ScopeReadMembers, personalData: true, run: membersTool, tool: &mcp.Tool{
			Name: "count_members", Description: "How many members the site has (no personal data).",
			InputSchema: b.object(nil, nil), OutputSchema: b.picked("MemberPage", []string{"total_items"}),
		}},
	}
	if b.err != nil {
		return nil, b.err
	}
	for _, t := range tools {
		t.tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: t.scope != keys.ScopeWrite}
	}
	return tools, nil
}

// decodeArgs reads a tool's arguments into v, refusing unknown ones.
func decodeArgs(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apierr.InvalidRequest("arguments: " + err.Error())
	}
	return nil
}

// contentArgs name a content collection (posts or projects).
type contentArgs struct {
	Collection string `json:"collection"`
}

// checked is the collection, once it is one the tools serve.
func (c contentArgs) checked() (string, error) {
	for _, name := range contentCollections {
		if c.Collection == name {
			return c.Collection, nil
		}
	}
	return "", apierr.InvalidParam("collection", "one of posts, projects")
}

func listContentTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args struct {
		contentArgs
		Tag, Q, Sort, Cursor string
		Limit                *int
	}
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.checked()
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	for name, v := range map[string]string{params.Tag: args.Tag, params.Q: args.Q, params.Sort: args.Sort, params.Cursor: args.Cursor} {
		if v != "" {
			q.Set(name, v)
		}
	}
	if args.Limit != nil {
		q.Set(params.Limit, strconv.Itoa(*args.Limit))
	}
	return c.json(Call{Method: http.MethodGet, Pattern: "/api/v1/" + r, Query: q})
}

func getContentTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args struct {
		contentArgs
		Slug, Format string
	}
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.checked()
	if err != nil {
		return nil, err
	}
	if args.Format != "" && args.Format != "html" && args.Format != "markdown" {
		return nil, apierr.InvalidParam("format", "html or markdown")
	}
	out, err := c.published(r, args.Slug)
	if err != nil || args.Format != "markdown" {
		return out, err
	}
	data, _ := out["data"].(map[string]any)
	html, _ := data["content"].(string)
	md, err := markdown.FromHTML(html)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	data["content"] = md
	return out, nil
}

// draftsTool lists drafts through the v2 page list (read:content), each as a write summary.
func draftsTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args struct {
		contentArgs
		Q    string
		Page *int
	}
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.checked()
	if err != nil {
		return nil, err
	}
	q := url.Values{params.Draft: {"true"}, params.PerPage: {strconv.Itoa(resourcesPerPage)}, params.Sort: {"-updated"}}
	if args.Q != "" {
		q.Set(params.Q, args.Q)
	}
	if args.Page != nil {
		q.Set(params.Page, strconv.Itoa(*args.Page))
	}
	out, err := c.json(Call{Method: http.MethodGet, Pattern: "/api/v2/" + r, Query: q})
	if err != nil {
		return nil, err
	}
	items, _ := out["items"].([]any)
	summaries := make([]any, 0, len(items))
	for _, it := range items {
		v, _ := it.(map[string]any)
		summaries = append(summaries, pick(v, writeFields))
	}
	return map[string]any{"items": summaries, "page": out["page"], "total_pages": out["total_pages"]}, nil
}

func profileTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, Call{Method: http.MethodGet, Pattern: "/api/v1/profile"})
}

func tagsTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, Call{Method: http.MethodGet, Pattern: "/api/v1/tags"})
}

func analyticsTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, Call{Method: http.MethodGet, Pattern: "/api/v2/analytics"})
}

// membersTool asks the members list for one row and keeps only its total.
func membersTool(c *toolCall, raw json.RawMessage) (any, error) {
	out, err := c.noArgs(raw, Call{Method: http.MethodGet, Pattern: "/api/v2/members",
		Query: url.Values{params.PerPage: {"1"}}})
	if err != nil {
		return nil, err
	}
	return map[string]any{"total_items": out["total_items"]}, nil
}

// published is the v1 read of r's published record by slug, as JSON: a slug with a dot (which
// no slug has; <slug>.md would ask the route for Markdown) is not found.
func (c *toolCall) published(r, slug string) (map[string]any, error) {
	if strings.Contains(slug, ".") {
		return nil, apierr.NotFound()
	}
	return c.json(Call{Method: http.MethodGet, Pattern: "/api/v1/" + r + "/{idOrSlug}",
		Path: map[string]string{params.IDOrSlug: slug}})
}

// json calls a route and decodes its JSON answer.
func (c *toolCall) json(rc Call) (map[string]any, error) {
	raw, err := c.s.cfg.Call(c.e, c.key, rc)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, apierr.Internal(err)
	}
	return out, nil
}

// noArgs calls a route for a tool that takes no arguments.
func (c *toolCall) noArgs(raw json.RawMessage, rc Call) (map[string]any, error) {
	if err := decodeArgs(raw, &struct{}{}); err != nil {
		return nil, err
	}
	return c.json(rc)
}
