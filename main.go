// Command server is the Creator Content API: PocketBase (collections, dashboard, owner login)
// plus our migrations, record hooks, webhook sender and the /api/v1, /api/v2 and /api/admin
// routes. This is the only place that reads flags and the environment.
package main

import (
	"fmt"
	"io/fs"
	"log"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/spf13/cobra"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/archive"
	"github.com/creator-content-api/server/hooks/content/seed"
	"github.com/creator-content-api/server/hooks/importer"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/maintenance"
	"github.com/creator-content-api/server/hooks/newsletter"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/hooks/webhooks/listen"
	_ "github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/pb_public"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/metrics"
	"github.com/creator-content-api/server/routes/ratelimit"
	"github.com/creator-content-api/server/routes/readcache"
	"github.com/creator-content-api/server/routes/requestlog"
)

func main() {
	// Development mode prints every SQL statement with its values (webhook secrets, the
	// owner's token key): opt-in with --dev, never because the binary looks like `go run`'s.
	pb := pocketbase.NewWithConfig(pocketbase.Config{DefaultDev: false, DBConnect: maintenance.DBConnect})
	flags := bindFlags(pb)

	migratecmd.MustRegister(pb, pb.RootCmd, migratecmd.Config{
		Dir:         "pb_migrations",
		Automigrate: false, // the schema lives in hand-written Go migrations
	})

	limits, err := flags.parseRateLimits()
	if err != nil {
		log.Fatal(err)
	}
	requireHTTPS, err := onOff("--require-https", flags.requireHTTPS)
	if err != nil {
		log.Fatal(err)
	}
	replicated, err := onOff("--litestream", flags.litestream)
	if err != nil {
		log.Fatal(err)
	}
	readCache, err := flags.parseReadCache()
	if err != nil {
		log.Fatal(err)
	}
	requestLog, err := flags.parseRequestLog()
	if err != nil {
		log.Fatal(err)
	}
	sharedMaxAge, err := time.ParseDuration(flags.sharedMaxAge)
	if err != nil || sharedMaxAge < time.Second || sharedMaxAge%time.Second != 0 {
		log.Fatalf("--shared-cache-max-age must be whole seconds from 1s (60s), not %q", flags.sharedMaxAge)
	}
	if err := maintenance.BindDebugListener(pb, env("CCA_DEBUG_PPROF", "")); err != nil {
		log.Fatal(err)
	}
	revs, err := flags.parseRevisions()
	if err != nil {
		log.Fatal(err)
	}
	links, err := flags.parsePreviews()
	if err != nil {
		log.Fatal(err)
	}
	letters, err := flags.parseNewsletter()
	if err != nil {
		log.Fatal(err)
	}
	var observed *metrics.Metrics
	hooksCfg := hooks.Config{Replicated: replicated, Revisions: revs, Previews: links, Newsletter: letters}
	if flags.metricsAddr != "" {
		observed = metrics.New()
		hooksCfg.Webhooks.Observer = observed.WebhookObserver()
	}
	bound, api, err := routes.Mount(pb, hooksCfg, routes.Config{RateLimits: limits,
		AllowPlainHTTP: !requireHTTPS, ReadCache: readCache, RequestLog: requestLog, SharedMaxAge: sharedMaxAge})
	if err != nil {
		log.Fatal(err)
	}
	if observed != nil {
		err := observed.Bind(pb, flags.metricsAddr, routes.MetricsMiddlewarePriority, metrics.Sources{
			ReadCache: api.ReadCacheStats, RateLimitRefusals: api.RateLimitRefusals, KeyLookups: api.KeyLookups,
			RequestLog: api.RequestLog().Stats, Backlog: bound.Webhooks.Backlog, MemberSignIn: api.MemberSignInRefusals,
		})
		if err != nil {
			log.Fatal(fmt.Errorf("--metrics-addr: %w", err))
		}
	}
	addCommands(pb, bound)

	pb.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if limits.Off {
			se.App.Logger().Warn("rate limiting is switched off (--rate-limits=off)")
		}
		se.Router.GET("/{path...}", apis.Static(flags.site(), false))
		return se.Next()
	})

	if listen.Standalone(pb.RootCmd, os.Args[1:]) {
		// A client of a remote server (`webhooks listen`): no bootstrap, so no pb_data is
		// opened, created or migrated wherever it runs.
		if err := pb.RootCmd.Execute(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := pb.Start(); err != nil {
		log.Fatal(err)
	}
}

// addCommands adds our commands beside PocketBase's (serve, superuser, migrate): one a line,
// each built by its concept's command.go.
func addCommands(pb *pocketbase.PocketBase, bound *hooks.Bound) {
	root := pb.RootCmd
	// keys: create, list, rotate and revoke API keys (hooks/keys).
	root.AddCommand(keys.NewCommand(pb, time.Now))
	// seed: a demo site, or bulk posts for benchmarks (hooks/content/seed).
	root.AddCommand(seed.NewCommand(pb))
	// webhooks: test a subscription; `webhooks listen` forwards events locally (hooks/webhooks/listen).
	root.AddCommand(webhooks.NewCommand(pb, bound.Webhooks))
	// import: WordPress, Ghost, Substack (hooks/importer); `import archive` (hooks/archive).
	imports := importer.NewCommand(pb)
	imports.AddCommand(archive.NewImportCommand(pb))
	root.AddCommand(imports)
	// export: the whole site to a zip that `import archive` restores (hooks/archive).
	root.AddCommand(archive.NewExportCommand(pb, time.Now))
	// newsletter: subscribers as CSV; send, status, dkim (hooks/newsletter, hooks/newsletter/sends).
	root.AddCommand(newsletter.NewCommand(pb, sends.NewCommands(pb)...))
	// A change a command makes names the command in its revision.
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		if cmd.Name() != "serve" {
			bound.Revisions.RunningCommand(strings.TrimPrefix(cmd.CommandPath(), root.Name()+" "))
		}
	}
}

// options are our flags, read eagerly (as PocketBase reads its own) so that the app can be
// configured before its commands run. Each flag falls back to an environment variable.
type options struct {
	publicDir                string
	rateLimits               string
	rateNormal, rateModerate string
	ratePoll, rateStrict     string
	rateIPv6Prefix           string
	requireHTTPS             string
	litestream               string
	readCacheEntries         string
	readCacheBytes           string
	logReads, logsMaxMB      string
	metricsAddr              string
	sharedMaxAge             string
	revisionsKeep            string
	revisionsDays            string
	previewDays              string
	previewMaxDays           string
	newsletterSMTP           string
	newsletterConcurrency    string
	newsletterRate           string
	newsletterHourly         string
	newsletterDKIMKey        string
	newsletterDKIMSelector   string
}

func bindFlags(pb *pocketbase.PocketBase) *options {
	o := &options{}
	f := pb.RootCmd.PersistentFlags()
	f.StringVar(&o.publicDir, "publicDir", env("CCA_PUBLIC_DIR", ""), "a directory of static files served at / instead of the site built into the binary (env CCA_PUBLIC_DIR)")
	f.StringVar(&o.rateLimits, "rate-limits", env("CCA_RATE_LIMITS", "on"), "on or off: off switches every API rate limit off, for benchmarks and trusted networks (env CCA_RATE_LIMITS)")
	f.StringVar(&o.rateNormal, "rate-normal", env("CCA_RATE_NORMAL", "60/min:10"), "Normal tier per client IP, RATE/min:BURST or RATE/s:BURST (env CCA_RATE_NORMAL)")
	f.StringVar(&o.rateModerate, "rate-moderate", env("CCA_RATE_MODERATE", "10/min:5"), "Moderate tier per client IP (admin and webhook registration) (env CCA_RATE_MODERATE)")
	f.StringVar(&o.ratePoll, "rate-poll", env("CCA_RATE_POLL", "20/min:20"), "poll cap per API key: BURST polls in any BURST/RATE minutes, a sliding window (env CCA_RATE_POLL)")
	f.StringVar(&o.rateStrict, "rate-strict", env("CCA_RATE_STRICT", "5/min:3"), "Strict tier per client IP on PocketBase's login and password endpoints (env CCA_RATE_STRICT)")
	f.StringVar(&o.rateIPv6Prefix, "rate-ipv6-prefix", env("CCA_RATE_IPV6_PREFIX", "64"), "prefix length, 1..128, of the IPv6 network every tier counts as one client (env CCA_RATE_IPV6_PREFIX)")
	f.StringVar(&o.litestream, "litestream", env("CCA_LITESTREAM", "off"), "on when Litestream replicates data.db: the daily maintenance then leaves data.db's checkpoints to it, so writes never stall behind its reads (env CCA_LITESTREAM)")
	f.StringVar(&o.requireHTTPS, "require-https", env("CCA_REQUIRE_HTTPS", "on"), "on or off: on refuses API calls over plain HTTP (loopback without proxy headers excepted, for development) and through a local proxy whose headers PocketBase's trusted-proxy setting does not trust (env CCA_REQUIRE_HTTPS)")
	f.StringVar(&o.readCacheEntries, "read-cache-entries", env("CCA_READ_CACHE_ENTRIES", strconv.Itoa(readcache.DefaultMaxEntries)), "the most answers of public reads kept in memory (env CCA_READ_CACHE_ENTRIES)")
	f.StringVar(&o.readCacheBytes, "read-cache-bytes", env("CCA_READ_CACHE_BYTES", strconv.FormatInt(readcache.DefaultMaxBytes, 10)), "the most bytes of answers of public reads kept in memory (env CCA_READ_CACHE_BYTES)")
	f.StringVar(&o.logReads, "log-reads", env("CCA_LOG_READS", requestlog.DefaultReadPolicy().String()), "which successful reads get a row in the request log: all, none, or a share (0.01 or 1%); errors, writes and the owner's calls always do (env CCA_LOG_READS)")
	f.StringVar(&o.logsMaxMB, "logs-max-mb", env("CCA_LOGS_MAX_MB", strconv.Itoa(requestlog.DefaultMaxBytes>>20)), "the most MiB the request log (auxiliary.db) holds; the oldest rows go first (env CCA_LOGS_MAX_MB)")
	f.StringVar(&o.metricsAddr, "metrics-addr", env("CCA_METRICS_ADDR", ""), "HOST:PORT on which serve also answers /metrics in Prometheus' format, e.g. 127.0.0.1:9464 (0.0.0.0:9464 for every interface); empty: off (env CCA_METRICS_ADDR)")
	f.StringVar(&o.sharedMaxAge, "shared-cache-max-age", env("CCA_SHARED_CACHE_MAX_AGE", strconv.Itoa(int(routes.DefaultSharedMaxAge/time.Second))+"s"), "how long a shared cache (a CDN, Varnish) may keep a public v1 read (s-maxage), whole seconds from 1s: the bound on how late an edit or a revoked key shows there (env CCA_SHARED_CACHE_MAX_AGE)")
	f.StringVar(&o.revisionsKeep, "revisions-keep", env("CCA_REVISIONS_KEEP", strconv.Itoa(revisions.DefaultKeep)), "the most revisions kept of a content record, newest first (env CCA_REVISIONS_KEEP)")
	f.StringVar(&o.revisionsDays, "revisions-days", env("CCA_REVISIONS_DAYS", strconv.Itoa(int(revisions.DefaultMaxAge/(24*time.Hour)))), "the most days a revision of a content record is kept (env CCA_REVISIONS_DAYS)")
	f.StringVar(&o.previewDays, "preview-days", env("CCA_PREVIEW_DAYS", strconv.Itoa(int(previews.DefaultTTL/(24*time.Hour)))), "the days a preview link lasts when its maker does not say (env CCA_PREVIEW_DAYS)")
	f.StringVar(&o.previewMaxDays, "preview-max-days", env("CCA_PREVIEW_MAX_DAYS", strconv.Itoa(int(previews.DefaultMax/(24*time.Hour)))), "the most days a preview link may last (env CCA_PREVIEW_MAX_DAYS)")
	f.StringVar(&o.newsletterSMTP, "newsletter-smtp", env("CCA_NEWSLETTER_SMTP", ""), "a bulk SMTP server for newsletter sends, smtp://user:password@host:port or smtps://...; empty: PocketBase's mail settings (env CCA_NEWSLETTER_SMTP)")
	f.StringVar(&o.newsletterConcurrency, "newsletter-concurrency", env("CCA_NEWSLETTER_CONCURRENCY", strconv.Itoa(sends.DefaultConcurrency)), "SMTP connections of a newsletter send (env CCA_NEWSLETTER_CONCURRENCY)")
	f.StringVar(&o.newsletterRate, "newsletter-rate", env("CCA_NEWSLETTER_RATE", strconv.Itoa(sends.DefaultPerSecond)), "the most newsletter messages handed to the SMTP server per second (env CCA_NEWSLETTER_RATE)")
	f.StringVar(&o.newsletterHourly, "newsletter-hourly", env("CCA_NEWSLETTER_HOURLY", "0"), "the most newsletter messages per hour; 0: no hourly cap (env CCA_NEWSLETTER_HOURLY)")
	f.StringVar(&o.newsletterDKIMKey, "newsletter-dkim-key", env("CCA_NEWSLETTER_DKIM_KEY", ""), "a PEM private key (RSA or Ed25519) to DKIM-sign the newsletter with; empty: one made at first use in the data dir (env CCA_NEWSLETTER_DKIM_KEY)")
	f.StringVar(&o.newsletterDKIMSelector, "newsletter-dkim-selector", env("CCA_NEWSLETTER_DKIM_SELECTOR", sends.DefaultSelector), "the DKIM selector of the newsletter's key (env CCA_NEWSLETTER_DKIM_SELECTOR)")
	// PocketBase tolerates unknown flags in its eager parse; parse ours the same way.
	_ = pb.RootCmd.ParseFlags(os.Args[1:])
	return o
}

func (o *options) parseRateLimits() (routes.RateLimits, error) {
	var rl routes.RateLimits
	on, err := onOff("--rate-limits", o.rateLimits)
	if err != nil {
		return rl, err
	}
	if !on {
		return routes.RateLimits{Off: true}, nil
	}
	if rl.Normal, err = ratelimit.ParseTier("normal", o.rateNormal); err != nil {
		return rl, fmt.Errorf("--rate-normal: %w", err)
	}
	if rl.Moderate, err = ratelimit.ParseTier("moderate", o.rateModerate); err != nil {
		return rl, fmt.Errorf("--rate-moderate: %w", err)
	}
	if rl.Poll, err = ratelimit.ParseTier("poll", o.ratePoll); err != nil {
		return rl, fmt.Errorf("--rate-poll: %w", err)
	}
	if rl.Strict, err = ratelimit.ParseTier("strict", o.rateStrict); err != nil {
		return rl, fmt.Errorf("--rate-strict: %w", err)
	}
	if rl.IPv6Prefix, err = ratelimit.ParseIPv6Prefix(o.rateIPv6Prefix); err != nil {
		return rl, fmt.Errorf("--rate-ipv6-prefix: %w", err)
	}
	return rl, nil
}

func (o *options) parseRevisions() (revisions.Config, error) {
	keep, err := positive("--revisions-keep", o.revisionsKeep)
	if err != nil {
		return revisions.Config{}, err
	}
	days, err := positive("--revisions-days", o.revisionsDays)
	return revisions.Config{Keep: int(keep), MaxAge: time.Duration(days) * 24 * time.Hour}, err
}

func (o *options) parsePreviews() (previews.Config, error) {
	days, err := positive("--preview-days", o.previewDays)
	if err != nil {
		return previews.Config{}, err
	}
	maxDays, err := positive("--preview-max-days", o.previewMaxDays)
	if err != nil {
		return previews.Config{}, err
	}
	if days > maxDays {
		return previews.Config{}, fmt.Errorf("--preview-days (%d) must not exceed --preview-max-days (%d)", days, maxDays)
	}
	day := 24 * time.Hour
	return previews.Config{TTL: time.Duration(days) * day, Max: time.Duration(maxDays) * day}, nil
}

func (o *options) parseNewsletter() (sends.Config, error) {
	concurrency, err := positive("--newsletter-concurrency", o.newsletterConcurrency)
	if err != nil {
		return sends.Config{}, err
	}
	perSecond, err := positive("--newsletter-rate", o.newsletterRate)
	if err != nil {
		return sends.Config{}, err
	}
	perHour, err := strconv.Atoi(o.newsletterHourly)
	if err != nil || perHour < 0 {
		return sends.Config{}, fmt.Errorf("--newsletter-hourly must be a whole number from 0, not %q", o.newsletterHourly)
	}
	cfg := sends.Config{SMTP: o.newsletterSMTP, Concurrency: int(concurrency), PerSecond: int(perSecond), PerHour: perHour,
		DKIMKeyFile: o.newsletterDKIMKey, DKIMSelector: o.newsletterDKIMSelector}
	if err := cfg.Validate(); err != nil {
		return sends.Config{}, fmt.Errorf("--newsletter-smtp: %w", err)
	}
	return cfg, nil
}

func (o *options) parseReadCache() (readcache.Config, error) {
	entries, err := positive("--read-cache-entries", o.readCacheEntries)
	if err != nil {
		return readcache.Config{}, err
	}
	bytes, err := positive("--read-cache-bytes", o.readCacheBytes)
	return readcache.Config{MaxEntries: int(entries), MaxBytes: bytes}, err
}

func (o *options) parseRequestLog() (requestlog.Config, error) {
	reads, err := requestlog.ParseReadPolicy(o.logReads)
	if err != nil {
		return requestlog.Config{}, fmt.Errorf("--log-reads %w", err)
	}
	mb, err := positive("--logs-max-mb", o.logsMaxMB)
	return requestlog.Config{Reads: reads, MaxBytes: mb << 20}, err
}

// positive reads a whole number of at least 1 (0 would mean readcache's default, not none).
func positive(flag, v string) (int64, error) {
	n, err := strconv.ParseInt(v, 10, 0)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s must be a whole number of at least 1, not %q", flag, v)
	}
	return n, nil
}

func onOff(flag, v string) (bool, error) {
	switch v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("%s must be on or off, not %q", flag, v)
}

func env(name, fallback string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return fallback
}

// site is the static files served at /: the --publicDir directory, else the copy of pb_public
// built into the binary.
func (o *options) site() fs.FS {
	if o.publicDir != "" {
		return os.DirFS(o.publicDir)
	}
	return pb_public.FS()
}
