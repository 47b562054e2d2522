package routes

import (
	"encoding/json"
	"mime"
	"net/http/httptest"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/markdown"
	"github.com/creator-content-api/server/routes/params"
	"github.com/creator-content-api/server/routes/reply"
)

// markdownType is the media type of the Markdown answers.
const markdownType = "text/markdown; charset=utf-8"

// markdownSuffix ends a v1 read's slug to ask for Markdown in the URL (/api/v1/posts/hello.md),
// for clients that cannot set Accept; slugs never hold a dot.
const markdownSuffix = ".md"

// varyMarkdown is the Vary of the v1 reads by slug, which answer JSON or Markdown by Accept
// (and, as every public v1 read, depend on the key, the site and the member: cacheHeaders).
const varyMarkdown = varyPublic + ", Accept"

// VaryAcceptMiddlewareID names the middleware that adds Accept to the Vary of the reads that
// answer Markdown too, right after ccaCacheHeaders (so a 304 from memory keeps it).
const VaryAcceptMiddlewareID = "ccaVaryAccept"

// varyAccept is ccaVaryAccept.
func varyAccept() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       VaryAcceptMiddlewareID,
		Priority: CacheHeadersMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			e.Response.Header().Set("Vary", varyMarkdown)
			return e.Next()
		},
	}
}

// markdownOr serves a v1 read by slug (read, unchanged) as JSON, or as a Markdown document
// (markdown.FromView) when the client prefers text/markdown or the slug ends in .md: the same
// record, found by the same handler, with its own strong ETag; errors stay the JSON envelope.
func markdownOr(read func(*core.RequestEvent) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		slug := e.Request.PathValue(params.IDOrSlug)
		bySuffix := strings.HasSuffix(slug, markdownSuffix)
		if !bySuffix && !prefersMarkdown(e.Request.Header.Get("Accept")) {
			return read(e)
		}
		if bySuffix {
			e.Request.SetPathValue(params.IDOrSlug, strings.TrimSuffix(slug, markdownSuffix))
		}
		rec := httptest.NewRecorder()
		inner := &core.RequestEvent{App: e.App}
		inner.Request, inner.Response = e.Request, rec
		inner.Set(keyContextKey, authenticatedKey(e))
		inner.Set(memberContextKey, e.Get(memberContextKey))
		inner.Set(accessContextKey, e.Get(accessContextKey))
		if err := read(inner); err != nil {
			return err
		}
		var out struct {
			Data map[string]any `json:"data"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			return apierr.Internal(err)
		}
		doc, err := markdown.FromView(out.Data, publicOrigin(e)+strings.TrimSuffix(e.Request.URL.Path, markdownSuffix)+markdownSuffix)
		if err != nil {
			return apierr.Internal(err)
		}
		return reply.BlobWithETag(e, rec.Code, markdownType, []byte(doc))
	}
}

// prefersMarkdown says whether an Accept header ranks text/markdown above application/json
// (an equal weight goes to Markdown, which the client named on purpose).
func prefersMarkdown(accept string) bool {
	md, js := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		switch mt {
		case "text/markdown":
			md = max(md, q)
		case "application/json":
			js = max(js, q)
		}
	}
	return md > 0 && md >= js
}
