// Package routes serves the API under /api/v1, /api/v2 and /api/admin: one table of routes,
// each with its scope and rate tier declared beside it, behind the shared middleware (request
// id, error envelope, body limit, rate limits, key or owner authentication). It also owns the
// cron job that writes keys' last-use times.
package routes

import (
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/routes/apikey"
	"github.com/creator-content-api/server/routes/cursor"
	"github.com/creator-content-api/server/routes/ratelimit"
)

// DefaultMaxBodyBytes is the largest request body accepted (decisions: 1 MiB).
const DefaultMaxBodyBytes = 1 << 20

// Config is everything the routes take from outside; main.go fills it from flags.
type Config struct {
	// Now is the clock for expiry, rotation grace and rate limits; nil means time.Now.
	Now          func() time.Time
	RateLimits   RateLimits
	MaxBodyBytes int64 // 0 means DefaultMaxBodyBytes
	// RequireHTTPS refuses API requests over plain HTTP (loopback excepted); main sets it,
	// tests that call through the router without TLS leave it off.
	RequireHTTPS bool
	// Webhooks is hooks.Register's handle, for the admin test-delivery and redeliver
	// endpoints; without it they answer 500.
	Webhooks *hooks.Webhooks
}

// API is the registered API: its routes and the state they share.
type API struct {
	app     core.App
	cfg     Config
	keys    *apikey.Store
	limits  *limiters
	cursors *cursor.Codec // set when serving starts
	routes  []Route
	https   httpsOnly // the HTTPS check, with its once-per-process proxy warning
}

// Route is one endpoint: its method and full path pattern, the scope it needs ("" on admin
// routes, which need the owner's login), its rate tier and its cache policy.
type Route struct {
	Method string
	Path   string
	Scope  string

	tier    func(*limiters) *ratelimit.Limiter
	pollCap bool
	cache   string
	handler func(*core.RequestEvent) error
}

// Cache policies of success responses.
const (
	// cachePublic lets a CDN keep public v1 reads for a minute per key (Vary) while browsers
	// revalidate with the ETag every time.
	cachePublic = "public, max-age=0, s-maxage=60, must-revalidate"
	// cachePrivate is for data only the key's holder may see: revalidate every time.
	cachePrivate = "private, no-cache"
	// cacheNone is for responses that must never be stored (secrets, writes).
	cacheNone = "no-store"
)

const (
	prefixV1    = "/api/v1"
	prefixV2    = "/api/v2"
	prefixAdmin = "/api/admin"
)

// Register builds the API on app and binds it to app's serve event.
func Register(app core.App, cfg Config) *API {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxBodyBytes == 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	a := &API{app: app, cfg: cfg, keys: apikey.NewStore(app, cfg.Now), limits: newLimiters(cfg.RateLimits)}
	apikey.BindGuards(app)
	a.routes = a.table()
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{Id: "cca.routes", Func: a.serve})
	app.Cron().MustAdd("ccaKeyUsageAndLimiters", "* * * * *", a.housekeeping)
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		a.housekeeping()
		return e.Next()
	})
	return a
}

// Routes lists every route of the API, for the contract tests and the docs.
func (a *API) Routes() []Route { return a.routes }

// table is the API's table of contents.
func (a *API) table() []Route {
	var t []Route
	t = append(t, a.profileRoutes()...)
	t = append(t, a.adminKeyRoutes()...)
	t = append(t, a.contentRoutes()...)
	t = append(t, a.webhookRoutes()...)
	return t
}

// FlushKeyUsage writes the keys' last-use times gathered in memory (the cron job does it every
// minute, and shutdown once more).
func (a *API) FlushKeyUsage() error { return a.keys.FlushUsage() }

func (a *API) housekeeping() {
	if err := a.FlushKeyUsage(); err != nil {
		a.app.Logger().Error("writing API key last-use times", "error", err)
	}
	a.limits.sweep(a.cfg.Now())
}

func (a *API) serve(se *core.ServeEvent) error {
	codec, err := newCursorCodec(se.App)
	if err != nil {
		return err
	}
	a.cursors = codec
	se.Router.Bind(requestID())
	if a.limits != nil {
		se.Router.Bind(limitPasswordEndpoints(a.limits, a.cfg.Now))
	}
	methodsByPath := map[string][]string{}
	groups := map[string]*router.RouterGroup[*core.RequestEvent]{}
	for _, prefix := range []string{prefixV1, prefixV2, prefixAdmin} {
		g := se.Router.Group(prefix)
		groups[prefix] = g
		g.Bind(errorEnvelope(), apis.BodyLimit(a.cfg.MaxBodyBytes))
		for _, r := range a.routes {
			if !strings.HasPrefix(r.Path, prefix+"/") {
				continue
			}
			methodsByPath[r.Path] = append(methodsByPath[r.Path], r.Method)
			g.Route(r.Method, strings.TrimPrefix(r.Path, prefix), r.handler).BindFunc(a.middlewares(r)...)
		}
	}
	a.bindFeeds(se)
	unmatched := newUnmatched(methodsByPath)
	for prefix, g := range groups {
		tier := groupTier(prefix)
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			g.Route(m, "/{path...}", unmatched.handle).BindFunc(a.limitByIP(tier))
		}
	}
	if err := se.Next(); err != nil {
		return err
	}
	// The final step of serving has built the mux into se.Server.Handler; the listener starts
	// after this returns, so the whole mux can still be wrapped.
	if se.Server != nil && se.Server.Handler != nil {
		se.Server.Handler = a.refuseUncleanPaths(se.Server.Handler)
	}
	return nil
}

// middlewares are a route's own checks, in order: rate limit by IP, HTTPS, authentication
// and scope, the per-key poll cap, then the cache policy of its success responses.
func (a *API) middlewares(r Route) []func(*core.RequestEvent) error {
	tier := r.tier
	if tier == nil {
		tier = groupTier(r.Path)
	}
	mw := []func(*core.RequestEvent) error{a.limitByIP(tier)}
	if a.cfg.RequireHTTPS {
		mw = append(mw, a.https.require)
	}
	if r.Scope == "" {
		mw = append(mw, requireOwner)
	} else {
		mw = append(mw, requireKey(a.keys, r.Scope, a.cfg.Now))
	}
	if r.pollCap {
		var poll *ratelimit.Window
		if a.limits != nil {
			poll = a.limits.poll
		}
		mw = append(mw, limitByKey(poll, a.cfg.Now))
	}
	cache := r.cache
	if cache == "" {
		cache = cacheNone
	}
	mw = append(mw, func(e *core.RequestEvent) error {
		e.Response.Header().Set("Cache-Control", cache)
		if cache == cachePublic {
			e.Response.Header().Set("Vary", "Authorization, Origin")
		}
		return e.Next()
	})
	return mw
}

func (a *API) tierOf(tier func(*limiters) *ratelimit.Limiter) *ratelimit.Limiter {
	if a.limits == nil {
		return nil
	}
	return tier(a.limits)
}

func normalTier(l *limiters) *ratelimit.Limiter   { return l.normal }
func moderateTier(l *limiters) *ratelimit.Limiter { return l.moderate }

// groupTier is the tier of a path without its own: Moderate for admin, Normal elsewhere.
func groupTier(path string) func(*limiters) *ratelimit.Limiter {
	if strings.HasPrefix(path, prefixAdmin) {
		return moderateTier
	}
	return normalTier
}
