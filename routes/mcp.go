package routes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/reply"
)

// MCPPath is the Model Context Protocol endpoint (Streamable HTTP, stateless).
const MCPPath = "/mcp"

// mcpProtocolVersions are the MCP revisions /mcp negotiates: 2025-11-25 and those the SDK
// supports below it (the SDK's newer, session-less revision is left for when clients use it).
var mcpProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// BearerChallengeMiddlewareID names the middleware that adds `WWW-Authenticate: Bearer` to a
// 401 of /mcp, so an MCP client learns that a static Bearer key is what it needs (no OAuth).
const BearerChallengeMiddlewareID = "ccaBearerChallenge"

// bindMCP serves /mcp: any active key may connect (the middleware of a key route: rate tier
// Normal, the HTTPS check, keyAuth with its checks of activity, expiry and origin, no-store);
// what it may do there is what its scopes allow over REST, tool by tool. POST carries the
// JSON-RPC messages; GET and DELETE, which a stateless server has no use for, are answered by
// the SDK (405).
func (a *API) bindMCP(se *core.ServeEvent) {
	row := Route{Path: MCPPath, Auth: AuthKey, Tier: TierNormal, Cache: CacheNone}
	mw := append([]*hook.Handler[*core.RequestEvent]{errorEnvelope(), apis.BodyLimit(a.cfg.MaxBodyBytes), bearerChallenge()},
		a.middlewares(row)...)
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		se.Router.Route(m, MCPPath, a.serveMCP).Bind(mw...)
	}
}

// bearerChallenge adds `WWW-Authenticate: Bearer` to a 401.
func bearerChallenge() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       BearerChallengeMiddlewareID,
		Priority: AuthMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			var ae *apierr.Error
			if errors.As(err, &ae) && ae.Status == http.StatusUnauthorized {
				e.Response.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
			}
			return err
		},
	}
}

// serveMCP answers one /mcp request with a server made for its key: the tools it may call
// and the published content as resources. Stateless, so any process can answer any request.
func (a *API) serveMCP(e *core.RequestEvent) error {
	key := authenticatedKey(e)
	srv := a.mcpServer(e, key)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:    true,
		JSONResponse: true,
		// Every request carries its Bearer key, which a rebinding page cannot read; the
		// protection would refuse this server behind a proxy on loopback.
		DisableLocalhostProtection: true,
		MaxRequestBodyBytes:        a.cfg.MaxBodyBytes,
	})
	h.ServeHTTP(e.Response, e.Request)
	return nil
}

// mcpServer is the MCP server for one request of key.
func (a *API) mcpServer(e *core.RequestEvent, key *keys.Key) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "creator-content-api", Version: "1"}, &mcp.ServerOptions{
		Instructions:              "A creator's site: posts, projects, profile, tags; drafts and publishing with a write key.",
		SupportedProtocolVersions: mcpProtocolVersions,
		// What a list holds depends on the key's scopes: no shared cache may keep it.
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.CacheScope = "private" },
	})
	call := &toolCall{a: a, e: e, key: key}
	for _, t := range a.mcpTools {
		if t.visibleTo(key) {
			srv.AddTool(t.tool, toolHandler(call, t))
		}
	}
	addMCPResources(srv, call)
	return srv
}

// toolHandler runs t for call: its answer as structured content (and as its JSON text, for
// clients that read only text), a refusal as a tool error holding the REST error envelope.
func toolHandler(call *toolCall, t *mcpTool) mcp.ToolHandler {
	return func(_ context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
		// A handler's panic is a 500 over REST (pbPanicRecover); here the SDK may run the
		// call where nothing above would recover it.
		defer func() {
			if p := recover(); p != nil {
				res = call.toolError(t, apierr.Internal(fmt.Errorf("panic in tool %s: %v", t.tool.Name, p)))
			}
		}()
		out, err := t.run(call, req.Params.Arguments)
		if err != nil {
			return call.toolError(t, err), nil
		}
		text, err := reply.JSON(out)
		if err != nil {
			return call.toolError(t, err), nil
		}
		return &mcp.CallToolResult{StructuredContent: out, Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}}, nil
	}
}

// toolError is err as a tool error: the envelope the REST call would have answered. A 500's
// cause goes to the app's log, as the request log keeps a REST 500's: the answer shows none.
func (c *toolCall) toolError(t *mcpTool, err error) *mcp.CallToolResult {
	ae := toAPIError(err)
	if ae.Status >= http.StatusInternalServerError {
		c.e.App.Logger().Error("MCP tool failed", "tool", t.tool.Name, "error", err.Error())
	}
	env, _ := json.Marshal(ae.Envelope())
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(env)}}}
}
