// Package feeds serves the site's newest public posts as RSS 2.0, Atom 1.0 and JSON Feed 1.1
// at the site root, while the owner has switched them on and set the site's address
// (content.FeedSettings). routes mounts them with its error envelope and rate limit
// (Register's Config); each format's document is its own file.
package feeds

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/reply"
)

// ErrInvalidConfig is returned by Register, wrapped with what is missing, for a Config it
// cannot serve with.
var ErrInvalidConfig = errors.New("feeds: invalid configuration")

// Config is what the feeds take from the HTTP layer that mounts them. Every field is required.
type Config struct {
	// Now is the clock published_at is compared with: a scheduled post joins the feeds when
	// its time has come.
	Now func() time.Time
	// Origin is the server's public origin for a request (routes' publicOrigin): each feed's
	// self link.
	Origin func(*core.RequestEvent) string
	// Middleware is bound on each feed's route, in the order given: routes' error envelope
	// (errors, 429 and 404 included, as the API's envelope) and its rate limit.
	Middleware []*hook.Handler[*core.RequestEvent]
}

// feedItemsMax is how many posts a feed holds, the newest.
const feedItemsMax = 20

// cacheFeed lets readers, proxies and CDNs keep a feed for five minutes: feeds are public.
const cacheFeed = "public, max-age=300"

// feedFormat is one of the feeds served at the site root.
type feedFormat struct {
	path        string
	contentType string
	encode      func(f *feed) ([]byte, error)
}

// feedFormats are the feeds, RSS 2.0, Atom 1.0 and JSON Feed 1.1, of the same posts.
var feedFormats = []feedFormat{
	{path: "/feed.xml", contentType: "application/rss+xml; charset=utf-8", encode: encodeRSS},
	{path: "/atom.xml", contentType: "application/atom+xml; charset=utf-8", encode: encodeAtom},
	{path: "/feed.json", contentType: "application/feed+json; charset=utf-8", encode: encodeJSONFeed},
}

// feed is what every format shows: the site, its author and its newest public posts.
type feed struct {
	title, description, author string
	// siteURL is the owner's site: the feeds' alternate link and the Atom feed's id.
	siteURL string
	// selfURL is this format's address on the server (Config.Origin).
	selfURL string
	updated time.Time
	items   []feedItem
}

// feedItem is one post.
type feedItem struct {
	id, url, title, summary, contentHTML string
	tags                                 []string
	published, updated                   time.Time
}

// Register serves the feeds on r at the site root, outside the API: no key, cfg.Middleware on
// each. The literal paths win over the static files' catch-all. Go's mux answers HEAD with the
// GET handler. It refuses a Config with a field missing.
func Register(r *router.Router[*core.RequestEvent], cfg Config) error {
	switch {
	case cfg.Now == nil:
		return fmt.Errorf("%w: Now is required", ErrInvalidConfig)
	case cfg.Origin == nil:
		return fmt.Errorf("%w: Origin is required", ErrInvalidConfig)
	case len(cfg.Middleware) == 0:
		return fmt.Errorf("%w: Middleware is required (the error envelope and the rate limit)", ErrInvalidConfig)
	}
	for _, f := range feedFormats {
		r.GET(f.path, serveFeed(cfg, f)).Bind(cfg.Middleware...)
	}
	return nil
}

// serveFeed answers a feed: 404 while the feeds are off or the site URL is not set.
func serveFeed(cfg Config, format feedFormat) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		settings, err := content.ReadFeedSettings(e.App)
		if err != nil {
			return apierr.Internal(err)
		}
		if !settings.Served() {
			return apierr.NotFound()
		}
		f, err := loadFeed(e.App, settings, cfg.Now())
		if err != nil {
			return apierr.Internal(err)
		}
		f.selfURL = cfg.Origin(e) + format.path
		b, err := format.encode(f)
		if err != nil {
			return apierr.Internal(err)
		}
		e.Response.Header().Set("Cache-Control", cacheFeed)
		return reply.BlobWithETag(e, http.StatusOK, format.contentType, b)
	}
}

// loadFeed reads the profile and the newest published public posts at now.
func loadFeed(app core.App, settings content.FeedSettings, now time.Time) (*feed, error) {
	host := settings.SiteURL
	if u, err := url.Parse(settings.SiteURL); err == nil && u.Host != "" {
		host = u.Host
	}
	f := &feed{title: host, siteURL: settings.SiteURL, updated: settings.Updated}
	profiles, err := app.FindRecordsByFilter(vocab.Profile, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if len(profiles) == 1 {
		p := profiles[0]
		if name := p.GetString("name"); name != "" {
			f.title, f.author = name, name
		}
		f.description = p.GetString("headline")
		f.updated = latest(f.updated, p.GetDateTime("updated").Time())
	}
	if f.description == "" {
		f.description = "Posts from " + f.title
	}
	nowDT, err := types.ParseDateTime(now)
	if err != nil {
		return nil, err
	}
	posts, err := app.FindRecordsByFilter(vocab.Posts, vocab.ServedFilter, "-published_at,-created,id",
		feedItemsMax, 0, dbx.Params{"now": nowDT.String()})
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	for _, p := range posts {
		it := feedItem{
			id:          postTagURI(host, p),
			url:         settings.PostURL(p.Id, p.GetString("slug")),
			title:       p.GetString("title"),
			summary:     p.GetString("excerpt"),
			contentHTML: p.GetString("content"),
			tags:        content.Tags(p),
			published:   p.GetDateTime("published_at").Time(),
			updated:     p.GetDateTime("updated").Time(),
		}
		if it.published.IsZero() {
			it.published = p.GetDateTime("created").Time()
		}
		f.items = append(f.items, it)
		f.updated = latest(f.updated, it.updated)
	}
	return f, nil
}

// postTagURI is a post's id in every feed (RFC 4151): the site's host, the day the post was
// created and its record id, so neither a new title nor a new slug makes it a new item.
func postTagURI(host string, p *core.Record) string {
	return "tag:" + host + "," + p.GetDateTime("created").Time().UTC().Format(time.DateOnly) + ":posts/" + p.Id
}

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
