// Package mcp is the Model Context Protocol server of /mcp (Streamable HTTP, stateless): the
// tools a key may call and the published posts and projects as resources. Every tool is a call
// of a row of routes' table (Config.Call), so a tool is the REST endpoint, not a second
// implementation of it; the tools' schemas are the contract's (pb_public/openapi.json). routes
// mounts it behind the middleware of a key route (routes/mcp_mount.go).
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/reply"
)

// Path is the Model Context Protocol endpoint.
const Path = "/mcp"

// protocolVersions are the MCP revisions /mcp negotiates: 2025-11-25 and those the SDK
// supports below it (the SDK's newer, session-less revision is left for when clients use it).
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// ErrInvalidConfig is returned by New, wrapped with what is missing, for a Config it cannot
// serve with.
var ErrInvalidConfig = errors.New("mcp: invalid configuration")

// Call is one call of a row of the route table, as a tool makes it.
type Call struct {
	Method, Pattern string            // the row, as the table names it
	Path            map[string]string // its path parameters
	Query           url.Values
	Body            map[string]any // sent as JSON; nil sends none
}

// Config is what the server takes from the HTTP layer that mounts it. Every field is required.
type Config struct {
	// Call runs the handler of c's row for the /mcp request outer on behalf of key (whom the
	// row's scope must admit) and returns its JSON answer; a refusal is an *apierr.Error.
	Call func(outer *core.RequestEvent, key *keys.Key, c Call) ([]byte, error)
	// Error is err as the REST API's envelope answers it: a tool's refusal holds that envelope.
	Error func(err error) *apierr.Error
	// MaxBodyBytes bounds a request's body, as the REST API's.
	MaxBodyBytes int64
}

// Server answers /mcp requests.
type Server struct {
	cfg   Config
	tools []*tool
}

// New is the server of cfg, its tools made from the embedded contract's schemas; it refuses an
// incomplete cfg or a contract it cannot read.
func New(cfg Config) (*Server, error) {
	switch {
	case cfg.Call == nil:
		return nil, fmt.Errorf("%w: Call is required", ErrInvalidConfig)
	case cfg.Error == nil:
		return nil, fmt.Errorf("%w: Error is required", ErrInvalidConfig)
	case cfg.MaxBodyBytes <= 0:
		return nil, fmt.Errorf("%w: MaxBodyBytes must be positive", ErrInvalidConfig)
	}
	tools, err := contractTools()
	if err != nil {
		return nil, err
	}
	return &Server{cfg: cfg, tools: tools}, nil
}

// contractTools makes the tools once a process: the contract is embedded, so every app gets the
// same, and each request's server only reads them (as the requests of one app always shared
// them). Parsing the contract was a fifteenth of the routes tests' CPU, an app boot each.
var contractTools = sync.OnceValues(loadTools)

// Serve answers one /mcp request of key (the one keyAuth admitted) with a server made for it:
// the tools it may call and the published content as resources. Stateless, so any process
// can answer any request.
func (s *Server) Serve(e *core.RequestEvent, key *keys.Key) error {
	srv := s.server(e, key)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:    true,
		JSONResponse: true,
		// Every request carries its Bearer key, which a rebinding page cannot read; the
		// protection would refuse this server behind a proxy on loopback.
		DisableLocalhostProtection: true,
		MaxRequestBodyBytes:        s.cfg.MaxBodyBytes,
	})
	h.ServeHTTP(e.Response, e.Request)
	return nil
}

// server is the MCP server for one request of key.
func (s *Server) server(e *core.RequestEvent, key *keys.Key) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "creator-content-api", Version: "1"}, &mcp.ServerOptions{
		Instructions:              "A creator's site: posts, projects, profile, tags; drafts and publishing with a write key.",
		SupportedProtocolVersions: protocolVersions,
		// What a list holds depends on the key's scopes: no shared cache may keep it.
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.CacheScope = "private" },
	})
	call := &toolCall{s: s, e: e, key: key}
	for _, t := range s.tools {
		if t.visibleTo(key) {
			srv.AddTool(t.tool, toolHandler(call, t))
		}
	}
	addResources(srv, call)
	return srv
}

// toolHandler runs t for call: its answer as structured content (and as its JSON text, for
// clients that read only text), a refusal as a tool error holding the REST error envelope.
func toolHandler(call *toolCall, t *tool) mcp.ToolHandler {
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
func (c *toolCall) toolError(t *tool, err error) *mcp.CallToolResult {
	ae := c.s.cfg.Error(err)
	if ae.Status >= http.StatusInternalServerError {
		c.e.App.Logger().Error("MCP tool failed", "tool", t.tool.Name, "error", err.Error())
	}
	env, _ := json.Marshal(ae.Envelope())
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(env)}}}
}
