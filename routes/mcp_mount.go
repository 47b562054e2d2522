package routes

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/mcp"
)

// BearerChallengeMiddlewareID names the middleware that adds `WWW-Authenticate: Bearer` to a
// 401 of /mcp, so an MCP client learns that a static Bearer key is what it needs (no OAuth).
const BearerChallengeMiddlewareID = "ccaBearerChallenge"

// newMCP is the MCP server (routes/mcp), whose tools call the rows of a's route table.
func (a *API) newMCP() (*mcp.Server, error) {
	return mcp.New(mcp.Config{Call: a.callRoute, Error: toAPIError, MaxBodyBytes: a.cfg.MaxBodyBytes})
}

// bindMCP serves /mcp: any active key may connect (the middleware of a key route: rate tier
// Normal, the HTTPS check, keyAuth with its checks of activity, expiry and origin, no-store);
// what it may do there is what its scopes allow over REST, tool by tool. POST carries the
// JSON-RPC messages; GET and DELETE, which a stateless server has no use for, are answered by
// the SDK (405).
func (a *API) bindMCP(se *core.ServeEvent) {
	row := Route{Path: mcp.Path, Auth: AuthKey, Tier: TierNormal, Cache: CacheNone}
	mw := append([]*hook.Handler[*core.RequestEvent]{errorEnvelope(), apis.BodyLimit(a.cfg.MaxBodyBytes), bearerChallenge()},
		a.middlewares(row)...)
	serve := func(e *core.RequestEvent) error { return a.mcp.Serve(e, authenticatedKey(e)) }
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		se.Router.Route(m, mcp.Path, serve).Bind(mw...)
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
