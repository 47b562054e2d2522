package routes

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// CachePolicy says who may store a route's success responses. Errors are never stored
// (the error envelope sends no-store).
type CachePolicy string

// The cache policies of the route table.
const (
	// CachePublic lets a CDN keep a public v1 read for a minute per key (Vary) while browsers
	// revalidate with the ETag every time.
	CachePublic CachePolicy = "public"
	// CachePrivate is for data only the key's holder may see: its own client may keep it,
	// revalidating every time.
	CachePrivate CachePolicy = "private"
	// CacheNone is for responses that must never be stored (secrets, writes).
	CacheNone CachePolicy = "none"
	// CacheUnshared is for a read that must never be stored anywhere, yet says so to shared
	// caches twice over: a preview of a record not yet published.
	CacheUnshared CachePolicy = "unshared"
)

// cacheControl is each policy's Cache-Control value.
var cacheControl = map[CachePolicy]string{
	CachePublic:   "public, max-age=0, s-maxage=60, must-revalidate",
	CachePrivate:  "private, no-cache",
	CacheNone:     "no-store",
	CacheUnshared: "private, no-store",
}

// cacheHeaders is ccaCacheHeaders: the Cache-Control of the route's policy, and for a public
// one the Vary that keeps one key's (or one site's) answer from another's.
func cacheHeaders(policy CachePolicy) *hook.Handler[*core.RequestEvent] {
	value := cacheControl[policy]
	public := policy == CachePublic
	return &hook.Handler[*core.RequestEvent]{
		Id:       CacheHeadersMiddlewareID,
		Priority: CacheHeadersMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			e.Response.Header().Set("Cache-Control", value)
			if public {
				e.Response.Header().Set("Vary", "Authorization, Origin")
			}
			return e.Next()
		},
	}
}
