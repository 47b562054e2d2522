package routes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/markdown"
)

// mcpTool is one MCP tool: a scope that shows it in tools/list (and its personal-data rule, as
// its route's), its schemas from the contract, and run, which maps the arguments to calls of
// rows of the route table (callRoute) and their answers to the tool's result.
type mcpTool struct {
	tool         *mcp.Tool
	scope        string
	personalData bool
	run          func(c *toolCall, args json.RawMessage) (any, error)
}

// toolCall is a tool's call on behalf of the /mcp request's key.
type toolCall struct {
	a   *API
	e   *core.RequestEvent
	key *keys.Key
}

// visibleTo says whether key may call the tool, by the rule of keyAuth for its routes.
func (t *mcpTool) visibleTo(key *keys.Key) bool {
	return keys.Grants(key.Scopes, t.scope) && !(t.personalData && key.Browser())
}

// The collections the content tools serve, as the v1 routes name them.
var mcpContentCollections = []any{"posts", "projects"}

// mcpWriteFields are the summary of a record a write tool answers with.
var mcpWriteFields = []string{"id", "slug", "title", "draft", "visibility", "published_at", "updated"}

// loadMCPTools makes the tools from the schemas of the embedded contract.
func loadMCPTools() ([]*mcpTool, error) {
	s, err := loadContractSchemas()
	if err != nil {
		return nil, err
	}
	b := schemaBuilder{s: s}
	collection := map[string]any{"type": "string", "enum": mcpContentCollections}
	str := map[string]any{"type": "string"}
	item := b.union("PostData", "ProjectData")
	writeSummary := mergeSchemas(b.picked("Post", mcpWriteFields), b.picked("Project", mcpWriteFields))
	summary := map[string]any{"type": "object", "required": []any{"data"}, "properties": map[string]any{"data": writeSummary}}
	tools := []*mcpTool{
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

// schemaBuilder builds schemas from the contract, keeping its first error.
type schemaBuilder struct {
	s   *contractSchemas
	err error
}

func (b *schemaBuilder) keep(m map[string]any, err error) map[string]any {
	if err != nil && b.err == nil {
		b.err = err
	}
	return m
}

// component is the named schema, a oneOf of objects in it merged into one (mergeSchemas): the
// analytics' plans share most of their fields.
func (b *schemaBuilder) component(name string) map[string]any {
	return mergeOneOf(b.keep(b.s.component(name))).(map[string]any)
}

// mergeOneOf merges every oneOf of object schemas in node into one schema.
func mergeOneOf(node any) any {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			n[k] = mergeOneOf(v)
		}
		of, ok := n["oneOf"].([]any)
		if !ok || len(n) != 1 {
			return n
		}
		var out map[string]any
		for _, o := range of {
			m, ok := o.(map[string]any)
			if !ok || m["properties"] == nil {
				return n
			}
			if out == nil {
				out = m
			} else {
				out = mergeSchemas(out, m)
			}
		}
		return out
	case []any:
		for i, v := range n {
			n[i] = mergeOneOf(v)
		}
	}
	return node
}
func (b *schemaBuilder) param(name string) map[string]any { return b.keep(b.s.parameter(name)) }

// union is the named object schemas as one: every property of any of them (those of the same
// name merged likewise, or anyOf where they differ), required what all of them require. Posts
// and projects share most fields, so this is far smaller than anyOf and as typed where it
// counts; the handlers check each record's own fields.
func (b *schemaBuilder) union(names ...string) map[string]any {
	var out map[string]any
	for _, n := range names {
		s := b.component(n)
		if out == nil {
			out = s
			continue
		}
		out = mergeSchemas(out, s)
	}
	return out
}

// mergeSchemas merges two schemas as union says.
func mergeSchemas(x, y map[string]any) map[string]any {
	if reflect.DeepEqual(x, y) {
		return x
	}
	xp, xok := x["properties"].(map[string]any)
	yp, yok := y["properties"].(map[string]any)
	if xok && yok {
		out := maps.Clone(x)
		props := maps.Clone(xp)
		for name, ys := range yp {
			if xs, ok := props[name].(map[string]any); ok {
				props[name] = mergeSchemas(xs, ys.(map[string]any))
			} else {
				props[name] = ys
			}
		}
		out["properties"] = props
		var required []any
		yr, _ := y["required"].([]any)
		xr, _ := x["required"].([]any)
		for _, r := range xr {
			if slices.Contains(yr, r) {
				required = append(required, r)
			}
		}
		out["required"] = required
		if len(required) == 0 {
			delete(out, "required")
		}
		return out
	}
	xi, xok := x["items"].(map[string]any)
	yi, yok := y["items"].(map[string]any)
	if xok && yok {
		out := maps.Clone(x)
		out["items"] = mergeSchemas(xi, yi)
		return out
	}
	return map[string]any{"anyOf": []any{x, y}}
}

// picked is an object schema cut to the given properties of the named one.
func (b *schemaBuilder) picked(name string, fields []string) map[string]any {
	props, _ := b.component(name)["properties"].(map[string]any)
	picked := map[string]any{}
	for _, f := range fields {
		if p, ok := props[f]; ok {
			picked[f] = p
		} else if b.err == nil {
			b.err = fmt.Errorf("openapi.json: %s has no property %s", name, f)
		}
	}
	return map[string]any{"type": "object", "required": toAny(fields), "properties": picked}
}

// object is an object schema that takes no property but those given.
func (b *schemaBuilder) object(required []string, props map[string]any) map[string]any {
	o := map[string]any{"type": "object", "additionalProperties": false}
	if props != nil {
		o["properties"] = props
	}
	if len(required) > 0 {
		o["required"] = toAny(required)
	}
	return o
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
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

func (c contentArgs) resource() (*resource, error) {
	switch c.Collection {
	case "posts":
		return postsResource, nil
	case "projects":
		return projectsResource, nil
	}
	return nil, apierr.InvalidParam("collection", "one of posts, projects")
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
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	for name, v := range map[string]string{paramTag: args.Tag, paramQ: args.Q, paramSort: args.Sort, paramCursor: args.Cursor} {
		if v != "" {
			q.Set(name, v)
		}
	}
	if args.Limit != nil {
		q.Set(paramLimit, strconv.Itoa(*args.Limit))
	}
	return c.json(routeCall{method: http.MethodGet, pattern: "/api/v1/" + r.collection, query: q})
}

func getContentTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args struct {
		contentArgs
		Slug, Format string
	}
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	if args.Format != "" && args.Format != "html" && args.Format != "markdown" {
		return nil, apierr.InvalidParam("format", "html or markdown")
	}
	out, err := c.json(routeCall{method: http.MethodGet, pattern: "/api/v1/" + r.collection + "/{idOrSlug}",
		path: map[string]string{paramIDOrSlug: args.Slug}})
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
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	q := url.Values{paramDraft: {"true"}, paramPerPage: {strconv.Itoa(mcpResourcesPerPage)}, paramSort: {"-updated"}}
	if args.Q != "" {
		q.Set(paramQ, args.Q)
	}
	if args.Page != nil {
		q.Set(paramPage, strconv.Itoa(*args.Page))
	}
	out, err := c.json(routeCall{method: http.MethodGet, pattern: "/api/v2/" + r.collection, query: q})
	if err != nil {
		return nil, err
	}
	items, _ := out["items"].([]any)
	summaries := make([]any, 0, len(items))
	for _, it := range items {
		v, _ := it.(map[string]any)
		summaries = append(summaries, pick(v, mcpWriteFields))
	}
	return map[string]any{"items": summaries, "page": out["page"], "total_pages": out["total_pages"]}, nil
}

func profileTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, routeCall{method: http.MethodGet, pattern: "/api/v1/profile"})
}

func tagsTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, routeCall{method: http.MethodGet, pattern: "/api/v1/tags"})
}

func analyticsTool(c *toolCall, raw json.RawMessage) (any, error) {
	return c.noArgs(raw, routeCall{method: http.MethodGet, pattern: "/api/v2/analytics"})
}

// membersTool asks the members list for one row and keeps only its total.
func membersTool(c *toolCall, raw json.RawMessage) (any, error) {
	out, err := c.noArgs(raw, routeCall{method: http.MethodGet, pattern: "/api/v2/members",
		query: url.Values{paramPerPage: {"1"}}})
	if err != nil {
		return nil, err
	}
	return map[string]any{"total_items": out["total_items"]}, nil
}

// writeArgs are a write tool's arguments.
type writeArgs struct {
	contentArgs
	ID     string         `json:"id"`
	Fields map[string]any `json:"fields"`
	At     string         `json:"at"`
}

func createDraftTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	if args.Fields == nil {
		args.Fields = map[string]any{}
	}
	args.Fields["draft"] = true
	return c.summary(routeCall{method: http.MethodPost, pattern: "/api/v1/" + r.collection, body: args.Fields})
}

func updateDraftTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := c.draft(args)
	if err != nil {
		return nil, err
	}
	if _, ok := args.Fields["draft"]; ok {
		return nil, apierr.InvalidField("draft", "update_draft keeps a draft a draft; publish publishes it")
	}
	return c.summary(routeCall{method: http.MethodPatch, pattern: "/api/v1/" + r.collection + "/{idOrSlug}",
		path: map[string]string{paramIDOrSlug: args.ID}, body: args.Fields})
}

func publishTool(c *toolCall, raw json.RawMessage) (any, error) {
	var args writeArgs
	if err := decodeArgs(raw, &args); err != nil {
		return nil, err
	}
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	body := map[string]any{"draft": false}
	if args.At != "" {
		body["published_at"] = args.At
	}
	return c.summary(routeCall{method: http.MethodPatch, pattern: "/api/v1/" + r.collection + "/{idOrSlug}",
		path: map[string]string{paramIDOrSlug: args.ID}, body: body})
}

// draft is the resource of args once its record is found to be a draft: update_draft edits
// drafts only (409 conflict otherwise), as its name promises.
func (c *toolCall) draft(args writeArgs) (*resource, error) {
	r, err := args.resource()
	if err != nil {
		return nil, err
	}
	rec, err := findRecord(c.e.App, r, args.ID)
	if err != nil {
		return nil, err
	}
	if !rec.GetBool("draft") {
		return nil, &apierr.Error{Status: http.StatusConflict, Code: codeConflict,
			Message: "this record is published: update_draft changes drafts only"}
	}
	return r, nil
}

// json calls a route and decodes its JSON answer.
func (c *toolCall) json(rc routeCall) (map[string]any, error) {
	raw, err := c.a.callRoute(c.e, c.key, rc)
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
func (c *toolCall) noArgs(raw json.RawMessage, rc routeCall) (map[string]any, error) {
	if err := decodeArgs(raw, &struct{}{}); err != nil {
		return nil, err
	}
	return c.json(rc)
}

// summary calls a write route and keeps mcpWriteFields of the record it answers.
func (c *toolCall) summary(rc routeCall) (any, error) {
	out, err := c.json(rc)
	if err != nil {
		return nil, err
	}
	data, _ := out["data"].(map[string]any)
	return map[string]any{"data": pick(data, mcpWriteFields)}, nil
}

// pick is the named fields of a record's view.
func pick(view map[string]any, fields []string) map[string]any {
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		out[f] = view[f]
	}
	return out
}
