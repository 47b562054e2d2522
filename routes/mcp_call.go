package routes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/mcp"
)

// callRoute is the MCP server's Config.Call: it runs the handler of c's row for the request
// outer (the /mcp request, whose key keyAuth has admitted) and returns its JSON answer, so a
// tool is the REST endpoint, not a second implementation of it. The row's scope and personal-data rule are
// checked against the key as keyAuth would; the request keeps outer's context (the key as the
// revisions' actor), host, TLS state and headers (publicOrigin, the key's origin), so the
// answer is the one the REST call would give. A refusal is the handler's *apierr.Error.
func (a *API) callRoute(outer *core.RequestEvent, key *keys.Key, c mcp.Call) ([]byte, error) {
	r, ok := a.route(c.Method, c.Pattern)
	if !ok {
		return nil, apierr.Internal(fmt.Errorf("mcp: no route %s %s", c.Method, c.Pattern))
	}
	if err := routeAdmits(key, r); err != nil {
		return nil, err
	}
	target := c.Pattern
	for name, v := range c.Path {
		target = strings.Replace(target, "{"+name+"}", url.PathEscape(v), 1)
	}
	if len(c.Query) > 0 {
		target += "?" + c.Query.Encode()
	}
	req := outer.Request.Clone(outer.Request.Context())
	req.Method = c.Method
	req.URL = &url.URL{Path: strings.SplitN(target, "?", 2)[0], RawQuery: c.Query.Encode()}
	req.RequestURI = target
	req.Header.Del("If-None-Match")
	req.Header.Set("Accept", "application/json")
	req.Body, req.ContentLength = http.NoBody, 0
	if c.Body != nil {
		raw, err := json.Marshal(c.Body)
		if err != nil {
			return nil, apierr.InvalidRequest("arguments: " + err.Error())
		}
		req.Body = io.NopCloser(bytes.NewReader(raw)) // no larger than the /mcp body, already bounded
		req.ContentLength = int64(len(raw))
		req.Header.Set("Content-Type", "application/json")
	}
	for name, v := range c.Path {
		req.SetPathValue(name, v)
	}
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{App: outer.App}
	e.Request, e.Response = req, rec
	e.Set(keyContextKey, key)
	if err := r.Handler(e); err != nil {
		return nil, toAPIError(err)
	}
	return rec.Body.Bytes(), nil
}

// route is the table's row for a method and a pattern.
func (a *API) route(method, pattern string) (Route, bool) {
	for _, r := range a.routes {
		if r.Method == method && r.Path == pattern {
			return r, true
		}
	}
	return Route{}, false
}

// routeAdmits is keyAuth's check of a row's scope and personal-data rule for an admitted key.
func routeAdmits(key *keys.Key, r Route) error {
	if !keys.Grants(key.Scopes, r.Scope) {
		return apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope: this needs the "+r.Scope+" scope")
	}
	if r.PersonalData && key.Browser() {
		return apierr.Forbidden(apierr.CodeInsufficientScope, "insufficient scope: this answers personal data, for server keys only (keys without allowed origins)")
	}
	return nil
}
