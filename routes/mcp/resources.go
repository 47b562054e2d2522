package mcp

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/markdown"
	"github.com/creator-content-api/server/routes/params"
)

// resourceScheme starts the URI of each published post and project as an MCP resource:
// content://posts/<slug>, content://projects/<slug>.
const resourceScheme = "content://"

// resourcesPerPage is how many resources a resources/list page holds.
const resourcesPerPage = 50

// addResources serves the published posts and projects as text/markdown resources to a key
// that may read them (the v1 read routes' scope): resources/list pages through the v1 lists
// (their signed cursors inside its own), resources/read answers the v1 read by slug as a
// Markdown document.
func addResources(srv *mcp.Server, call *toolCall) {
	if !keys.Grants(call.key.Scopes, keys.ScopeRead) {
		return
	}
	srv.AddResourceTemplate(&mcp.ResourceTemplate{
		Name: "content", URITemplate: resourceScheme + "{collection}/{slug}", MIMEType: "text/markdown",
		Description: "A published post or project as Markdown.",
	}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return call.readResource(req.Params.URI)
	})
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "resources/list" {
				return next(ctx, method, req)
			}
			var cursor string
			if p, ok := req.GetParams().(*mcp.ListResourcesParams); ok && p != nil {
				cursor = p.Cursor
			}
			return call.listResources(cursor)
		}
	})
}

// listResources is a page of resources: posts first, then projects. Its cursor is the
// collection and the v1 list's next_cursor in it ("posts " + cursor; "projects" alone starts
// the projects).
func (c *toolCall) listResources(cursor string) (*mcp.ListResourcesResult, error) {
	collection, inner, _ := strings.Cut(cursor, " ")
	if collection == "" {
		collection = "posts"
	}
	r, err := contentArgs{Collection: collection}.checked()
	if err != nil {
		return nil, errInvalidCursor
	}
	q := url.Values{params.Limit: {strconv.Itoa(resourcesPerPage)}}
	if inner != "" {
		q.Set(params.Cursor, inner)
	}
	out, err := c.json(Call{Method: http.MethodGet, Pattern: "/api/v1/" + r, Query: q})
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) && ae.Status == http.StatusBadRequest {
			return nil, errInvalidCursor
		}
		return nil, c.resourceError(err)
	}
	res := &mcp.ListResourcesResult{Resources: []*mcp.Resource{}}
	items, _ := out["data"].([]any)
	for _, it := range items {
		v, _ := it.(map[string]any)
		slug, _ := v["slug"].(string)
		title, _ := v["title"].(string)
		excerpt, _ := v["excerpt"].(string)
		res.Resources = append(res.Resources, &mcp.Resource{URI: resourceScheme + r + "/" + slug,
			Name: slug, Title: title, Description: excerpt, MIMEType: "text/markdown"})
	}
	switch next, _ := out["next_cursor"].(string); {
	case next != "":
		res.NextCursor = r + " " + next
	case r == "posts":
		res.NextCursor = "projects"
	}
	return res, nil
}

// readResource answers resources/read of a content:// URI.
func (c *toolCall) readResource(uri string) (*mcp.ReadResourceResult, error) {
	collection, slug, ok := strings.Cut(strings.TrimPrefix(uri, resourceScheme), "/")
	r, err := contentArgs{Collection: collection}.checked()
	if !ok || err != nil || !strings.HasPrefix(uri, resourceScheme) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	out, err := c.published(r, slug)
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		return nil, c.resourceError(err)
	}
	view, _ := out["data"].(map[string]any)
	doc, err := markdown.FromView(view, "")
	if err != nil {
		return nil, c.resourceError(apierr.Internal(err))
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: doc}}}, nil
}

// errInvalidCursor refuses a resources/list cursor this server did not hand out.
var errInvalidCursor = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid cursor: start again without it"}

// resourceError is err as a JSON-RPC error: the REST envelope's code and message (a 500's
// cause stays in the server).
func (c *toolCall) resourceError(err error) error {
	ae := c.s.cfg.Error(err)
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: ae.Code + ": " + ae.Message}
}
