package routes

import (
	"github.com/pocketbase/pocketbase/apis"
)

// The API's middleware are PocketBase hook handlers, each bound with Bind under its id, so an
// OnServe hook bound after Register can unbind any of them (se.Router.Unbind(id)) or replace a
// router-wide one (se.Router.Bind a handler with the same id) as it can PocketBase's own.
// PocketBase merges a route's router, group and route handlers and sorts them by Priority;
// with its own (apis.Default*MiddlewarePriority) the order is:
//
//	-1050 ccaRequestId      every route    X-Request-Id; keys redacted from what the request log sees
//	-1049 ccaMetrics        every route    request durations (routes/metrics), when --metrics-addr is set
//	-1045 ccaLoginLimit     every route    the Strict tier on PocketBase's login and password endpoints
//	-1041 pbCors, -1040 pbActivityLogger (replaced by routes/requestlog's, same id)
//	-1031 ccaErrorEnvelope  API, feeds     every error below it, panics included, as the envelope
//	-1030 pbPanicRecover, -1020 pbLoadAuthToken, -1015 pbSuperuserIPsWhitelist,
//	-1010 pbSecurityHeaders, -1000 pbRateLimit (off unless set in the dashboard)
//	 -990 pbBodyLimit       API            Config.MaxBodyBytes instead of PocketBase's 32 MiB
//	   10 ccaRateLimit      API, feeds     the route's tier per client IP, before anything can fail
//	   20 ccaHTTPSOnly      API routes     403 https_required over plain HTTP
//	   29 ccaBearerChallenge /mcp          WWW-Authenticate: Bearer on a 401 (mcp_mount.go)
//	   30 ccaKeyAuth        key routes     the Bearer key and the route's scope (/mcp: any scope)
//	   30 ccaOwnerAuth      owner routes   the owner's superuser token
//	   40 ccaPollCap        the poll route the per-key poll window
//	   50 ccaCacheHeaders   API routes     Cache-Control (and Vary) of the route's Cache policy
//	   51 ccaVaryAccept     Markdown rows  Vary names Accept too (markdown_read.go)
//	   55 ccaMemberAccess   public v1 reads the X-Member-Token's access level; a member's answer private
//	 2^20 ccaReadCache      Memory routes  the answer from memory while the content is unchanged (readcache.MiddlewareID)
//
// "API routes" are the route table's rows; "API" adds the catch-alls that answer unknown paths
// under the API's prefixes. ccaLoginLimit, ccaRateLimit and ccaPollCap are not bound when
// Config.RateLimits is off, ccaHTTPSOnly not when Config.AllowPlainHTTP is set.
const (
	// RequestIDMiddlewareID is the request id middleware (request_id.go).
	RequestIDMiddlewareID       = "ccaRequestId"
	RequestIDMiddlewarePriority = apis.DefaultActivityLoggerMiddlewarePriority - 10

	// MetricsMiddlewarePriority places routes/metrics' middleware (metrics.MiddlewareID)
	// first after the request id, so it times everything the request costs.
	MetricsMiddlewarePriority = RequestIDMiddlewarePriority + 1

	// LoginLimitMiddlewareID is the Strict tier on PocketBase's password endpoints (login_limit.go).
	LoginLimitMiddlewareID       = "ccaLoginLimit"
	LoginLimitMiddlewarePriority = apis.DefaultActivityLoggerMiddlewarePriority - 5

	// ErrorEnvelopeMiddlewareID is the error envelope (error_envelope.go).
	ErrorEnvelopeMiddlewareID       = "ccaErrorEnvelope"
	ErrorEnvelopeMiddlewarePriority = apis.DefaultPanicRecoverMiddlewarePriority - 1

	// RateLimitMiddlewareID is the per-IP rate limit of a route's tier (rate_limit.go).
	RateLimitMiddlewareID       = "ccaRateLimit"
	RateLimitMiddlewarePriority = 10

	// HTTPSOnlyMiddlewareID is the refusal of plain HTTP (https_only.go).
	HTTPSOnlyMiddlewareID       = "ccaHTTPSOnly"
	HTTPSOnlyMiddlewarePriority = 20

	// KeyAuthMiddlewareID is the API key and scope check of AuthKey routes (key_auth.go).
	KeyAuthMiddlewareID = "ccaKeyAuth"
	// OwnerAuthMiddlewareID is the owner's login check of AuthOwner routes (owner_auth.go).
	OwnerAuthMiddlewareID = "ccaOwnerAuth"
	// AuthMiddlewarePriority is the priority of both authentications; a route has one.
	AuthMiddlewarePriority = 30

	// PollCapMiddlewareID is the per-key poll window of PollCap routes (poll_cap.go).
	PollCapMiddlewareID       = "ccaPollCap"
	PollCapMiddlewarePriority = 40

	// CacheHeadersMiddlewareID sets a route's Cache policy headers (cache_headers.go).
	CacheHeadersMiddlewareID       = "ccaCacheHeaders"
	CacheHeadersMiddlewarePriority = 50
)
