package routes

import (
	"fmt"
	"time"

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

// DefaultSharedMaxAge is how long a shared cache (a CDN) may keep a public read: the bound on
// how late an edit, an unpublished post or a revoked key shows at the edge.
const DefaultSharedMaxAge = 60 * time.Second

// cacheControl is each policy's Cache-Control value; the public one is completed with the
// shared cache's max age (publicCacheControl).
var cacheControl = map[CachePolicy]string{
	CachePublic:   "public, max-age=0, s-maxage=%d, must-revalidate",
	CachePrivate:  "private, no-cache",
	CacheNone:     "no-store",
	CacheUnshared: "private, no-store",
}

// publicCacheControl is the Cache-Control of CachePublic for a shared cache's max age.
func publicCacheControl(sharedMaxAge time.Duration) string {
	return fmt.Sprintf(cacheControl[CachePublic], int(sharedMaxAge/time.Second))
}

// varyPublic is the Vary of a public v1 read: its answer depends on the key, the site (Origin)
// and the member (a member's answer is private, but a shared cache must not give the public
// one to a member either).
const varyPublic = "Authorization, Origin, " + MemberTokenHeader

// cacheHeaders is ccaCacheHeaders: the Cache-Control of the route's policy, and for a public
// one the Vary that keeps one key's (or one site's) answer from another's.
func cacheHeaders(policy CachePolicy, sharedMaxAge time.Duration) *hook.Handler[*core.RequestEvent] {
	value := cacheControl[policy]
	public := policy == CachePublic
	if public {
		value = publicCacheControl(sharedMaxAge)
	}
	// The header lines are made once and shared by every response (a full slice: a later Add
	// to one response appends into a copy of its own).
	cc, vary := headerLine(value), headerLine(varyPublic)
	return &hook.Handler[*core.RequestEvent]{
		Id:       CacheHeadersMiddlewareID,
		Priority: CacheHeadersMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			h := e.Response.Header()
			h["Cache-Control"] = cc
			if public {
				h["Vary"] = vary
			}
			return e.Next()
		},
	}
}

// headerLine is a header's one value as a response's header map holds it, its length its
// capacity, so that an Add to one response never writes into the line another response shares.
func headerLine(value string) []string { return []string{value} }
