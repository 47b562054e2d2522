// Package routes serves the API under /api/v1, /api/v2 and /api/admin, and mounts the feeds
// (routes/feeds) behind its error envelope and rate limit: one table of routes (table below;
// its rows in profile.go, admin_keys.go, content_routes.go and webhook_routes.go), each row
// saying who may call it (Auth, Scope), its rate tier, poll cap, cache policy and whether it
// is answered from memory (routes/readcache), behind middleware that are PocketBase hook
// handlers with ids (cca…), in the order middleware_order.go documents. Register refuses an
// incomplete configuration or row; rate limits and the HTTPS check are on unless switched off
// by name. It also owns the cron job that writes keys' last-use times.
package routes

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/osutils"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/pb_public"
	"github.com/creator-content-api/server/routes/cursor"
	"github.com/creator-content-api/server/routes/feeds"
	"github.com/creator-content-api/server/routes/mcp"
	"github.com/creator-content-api/server/routes/readcache"
	"github.com/creator-content-api/server/routes/requestlog"
)

// DefaultMaxBodyBytes is the largest request body accepted (decisions: 1 MiB).
const DefaultMaxBodyBytes = 1 << 20

// ErrInvalidConfig is returned by Register, wrapped with what is missing or wrong, for a
// Config it cannot serve with.
var ErrInvalidConfig = errors.New("routes: invalid configuration")

// Config is everything the routes take from outside; main.go fills it from flags. Its zero
// value, with the required Webhooks and Changes, is the protected configuration: rate limits on with the
// spec's tiers, plain HTTP refused; each protection goes off only by name.
type Config struct {
	// Webhooks is the webhook service hooks.Register returned, for the admin test-delivery and
	// redeliver endpoints. Required.
	Webhooks *webhooks.Service
	// Changes is the change watcher hooks.Register returned: the keys' generation keeps the
	// key cache, the content's the read cache. Required.
	Changes *changes.Watcher
	// Revisions is the revisions service hooks.Register returned, for the owner's history of
	// content records. Required.
	Revisions *revisions.Service
	// Previews is the preview link service hooks.Register returned. Required.
	Previews *previews.Service
	// Newsletter is the newsletter send service hooks.Register returned; nil leaves the
	// /api/admin/newsletters routes out.
	Newsletter *sends.Service
	// ReadCache bounds the answers kept in memory for the Memory routes; the zero value is
	// readcache's defaults.
	ReadCache readcache.Config
	// Now is the clock for expiry, rotation grace and rate limits; nil means time.Now.
	Now func() time.Time
	// RateLimits are the tiers; the zero value is the spec's, on (RateLimits{Off: true}
	// switches them off).
	RateLimits   RateLimits
	MaxBodyBytes int64 // 0 means DefaultMaxBodyBytes; there is no off switch
	// RequestLog says which requests get a row in the request log and bounds its queue and
	// auxiliary.db; the zero value logs every error, write and owner call, and no successful
	// read. Keys are redacted from every row as it is stored (keys.BindLogRedaction).
	RequestLog requestlog.Config
	// SharedMaxAge is how long a shared cache may keep a public read (s-maxage, whole
	// seconds); 0 means DefaultSharedMaxAge.
	SharedMaxAge time.Duration
	// AllowPlainHTTP switches the HTTPS check (ccaHTTPSOnly) off (--require-https=off): API
	// requests over plain HTTP are then served from anywhere, not only from loopback.
	AllowPlainHTTP bool
	// Streams bounds and paces the event streams; the zero value is the defaults.
	Streams StreamConfig
}

// API is the registered API: its routes and the state they share.
type API struct {
	app     core.App
	cfg     Config
	keys    *keys.Store
	reads   *readcache.Cache
	limits  *limiters     // nil when rate limits are off
	cursors *cursor.Codec // set when serving starts
	routes  []Route
	https   httpsOnly // the HTTPS check, with its once-per-process proxy warning
	search  *searchSemaphore
	log     *requestlog.Log
	streams *streamSlots
	// mcp is the MCP server (/mcp), its tools' schemas read from the contract.
	mcp *mcp.Server
	// newsletter subscribes, confirms and unsubscribes readers (and the owner's list).
	newsletter *newsletter.Service
	members    *members.Service
	// keyAuthToken is pbLoadAuthToken on the key routes (key_route_auth_token.go).
	keyAuthToken keyRouteAuthToken
}

const (
	prefixV1    = "/api/v1"
	prefixV2    = "/api/v2"
	prefixAdmin = "/api/admin"
)

// Register builds the API on app and binds it to app's serve event. It refuses, binding
// nothing, a Config with a required field missing or a value out of range, and a route table
// row that leaves something to guess (errors.Is ErrInvalidConfig, ErrInvalidRoute).
func Register(app core.App, cfg Config) (*API, error) {
	if cfg.Webhooks == nil {
		return nil, fmt.Errorf("%w: Webhooks is nil (pass the service hooks.Register returns)", ErrInvalidConfig)
	}
	if cfg.Changes == nil {
		return nil, fmt.Errorf("%w: Changes is nil (pass the watcher hooks.Register returns)", ErrInvalidConfig)
	}
	if cfg.Revisions == nil {
		return nil, fmt.Errorf("%w: Revisions is nil (pass the service hooks.Register returns)", ErrInvalidConfig)
	}
	if cfg.Previews == nil {
		return nil, fmt.Errorf("%w: Previews is nil (pass the service hooks.Register returns)", ErrInvalidConfig)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	switch {
	case cfg.SharedMaxAge == 0:
		cfg.SharedMaxAge = DefaultSharedMaxAge
	case cfg.SharedMaxAge < time.Second:
		return nil, fmt.Errorf("%w: SharedMaxAge must be at least a second (0: DefaultSharedMaxAge), not %s", ErrInvalidConfig, cfg.SharedMaxAge)
	}
	switch {
	case cfg.MaxBodyBytes == 0:
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	case cfg.MaxBodyBytes < 0: // PocketBase would read it as no limit at all
		return nil, fmt.Errorf("%w: MaxBodyBytes must be > 0 (0: DefaultMaxBodyBytes), not %d", ErrInvalidConfig, cfg.MaxBodyBytes)
	}
	streams, err := cfg.Streams.withDefaults()
	if err != nil {
		return nil, err
	}
	cfg.Streams = streams
	limits, err := newLimiters(cfg.RateLimits)
	if err != nil {
		return nil, err
	}
	reads, err := readcache.New(cfg.ReadCache)
	if err != nil {
		return nil, fmt.Errorf("%w: ReadCache: %v", ErrInvalidConfig, err)
	}
	requests, err := requestlog.New(app, cfg.RequestLog)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidConfig, err)
	}
	a := &API{app: app, cfg: cfg, limits: limits, reads: reads, search: newSearchSemaphore(searchesAtOnce()), log: requests,
		streams: newStreamSlots(cfg.Streams), newsletter: newsletter.New(app, cfg.Now),
		members: members.New(app, cfg.Now, func() uint64 { return cfg.Changes.Generation(changes.Content) })}
	a.routes = a.table()
	if err := checkTable(a.routes); err != nil {
		return nil, err
	}
	if a.mcp, err = a.newMCP(); err != nil {
		return nil, fmt.Errorf("%w: MCP tools: %v", ErrInvalidConfig, err)
	}
	a.keys = keys.NewStore(app, func() uint64 { return cfg.Changes.Generation(changes.Keys) })
	reads.BindStatsLog(app)
	requests.Bind()
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{Id: ServeHandlerID, Func: a.serve})
	app.OnServe().Bind(bindDocsPages(pb_public.FS()))
	app.Cron().MustAdd(HousekeepingJobID, "* * * * *", a.housekeeping)
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{Id: TerminateHandlerID, Func: func(e *core.TerminateEvent) error {
		a.housekeeping()
		a.newsletter.Wait() // the confirmation e-mails under way
		return e.Next()
	}})
	return a, nil
}

// RequestLog is the request log, for its counts.
func (a *API) RequestLog() *requestlog.Log { return a.log }

// Routes lists every route of the API, for the contract tests and the docs.
func (a *API) Routes() []Route { return a.routes }

// table is the API's table of contents.
func (a *API) table() []Route {
	var t []Route
	t = append(t, a.profileRoutes()...)
	t = append(t, a.adminKeyRoutes()...)
	t = append(t, a.adminExportRoutes()...)
	t = append(t, a.contentRoutes()...)
	t = append(t, a.webhookRoutes()...)
	t = append(t, a.revisionRoutes()...)
	t = append(t, a.previewRoutes()...)
	t = append(t, a.newsletterRoutes()...)
	t = append(t, a.newsletterSendRoutes()...)
	t = append(t, a.memberRoutes()...)
	for i := range t {
		if t[i].Markdown {
			t[i].Handler = markdownOr(t[i].Handler)
		}
	}
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
	a.members.Sweep()
}

func (a *API) serve(se *core.ServeEvent) error {
	codec, err := newCursorCodec(se.App)
	if err != nil {
		return err
	}
	a.cursors = codec
	if se.Server != nil {
		a.noteLoopbackWithoutProxy(se.App, os.Stdout, se.Server.Addr)
	}
	se.InstallerFunc = ownerInstaller(os.Stdout, hasDesktop(), osutils.LaunchURL)
	se.Router.Bind(requestID())
	a.keyAuthToken.load(se)
	if a.limits != nil {
		se.Router.Bind(loginLimit(a.limits, a.cfg.Now))
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
			g.Route(r.Method, strings.TrimPrefix(r.Path, prefix), r.Handler).Bind(a.middlewares(r)...)
		}
	}
	feedMiddleware := append([]*hook.Handler[*core.RequestEvent]{errorEnvelope()}, a.rateLimits(TierNormal)...)
	if err := feeds.Register(se.Router, feeds.Config{Now: a.cfg.Now, Origin: publicOrigin, Middleware: feedMiddleware}); err != nil {
		return err
	}
	a.bindMCP(se)
	a.bindLLMs(se)
	a.bindNewsletterPages(se)
	unmatched := newUnmatched(methodsByPath)
	for prefix, g := range groups {
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			g.Route(m, "/{path...}", unmatched.handle).Bind(a.rateLimits(groupTier(prefix))...)
		}
	}
	if err := se.Next(); err != nil {
		return err
	}
	a.keyAuthToken.load(se) // as the later OnServe hooks left it
	// The final step of serving has built the mux into se.Server.Handler; the listener starts
	// after this returns, so the whole mux can still be wrapped.
	if se.Server != nil && se.Server.Handler != nil {
		se.Server.Handler = a.refuseUncleanPaths(se.Server.Handler)
	}
	return nil
}

// middlewares are a route's own middleware, as its row says (their order is their Priority,
// middleware_order.go).
func (a *API) middlewares(r Route) []*hook.Handler[*core.RequestEvent] {
	mw := a.rateLimits(r.Tier)
	if !a.cfg.AllowPlainHTTP {
		mw = append(mw, a.https.handler())
	}
	switch r.Auth {
	case AuthKey:
		mw = append(mw, keyAuth(a.keys, r, a.cfg.Now))
		if h := a.keyAuthToken.handler(); h != nil {
			mw = append(mw, h)
		}
	case AuthOwner:
		mw = append(mw, ownerAuth())
	}
	if r.PollCap && a.limits != nil {
		mw = append(mw, pollCap(a.limits.poll, &a.limits.refused.poll, a.cfg.Now))
	}
	mw = append(mw, cacheHeaders(r.Cache, a.cfg.SharedMaxAge))
	if r.Markdown {
		mw = append(mw, varyAccept())
	}
	if r.Cache == CachePublic && strings.HasPrefix(r.Path, prefixV1+"/") {
		mw = append(mw, a.memberAccess())
	}
	if r.Memory {
		mw = append(mw, a.reads.Middleware(a.contentGeneration, readVariant))
	}
	return mw
}

// contentGeneration is the generation of the content, which every Memory route reads.
func (a *API) contentGeneration() uint64 { return a.cfg.Changes.Generation(changes.Content) }

// rateLimits is the ccaRateLimit of a tier, or nothing when rate limits are off.
func (a *API) rateLimits(tier RateTier) []*hook.Handler[*core.RequestEvent] {
	if a.limits == nil {
		return nil
	}
	return []*hook.Handler[*core.RequestEvent]{rateLimit(a.limits, tier, a.cfg.Now)}
}
