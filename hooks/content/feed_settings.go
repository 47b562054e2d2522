package content

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
)

// The site_settings fields of the feeds.
const (
	siteURLField        = "site_url"
	postURLPatternField = "post_url_pattern"
	feedsEnabledField   = "feeds_enabled"
)

// DefaultPostURLPattern is a post's address when post_url_pattern is empty.
const DefaultPostURLPattern = "{site_url}/posts/{slug}"

// The placeholders of post_url_pattern.
const (
	placeholderSiteURL = "{site_url}"
	placeholderSlug    = "{slug}"
	placeholderID      = "{id}"
)

// FeedSettings are the site settings the feeds are built from.
type FeedSettings struct {
	// Enabled is feeds_enabled.
	Enabled bool
	// SiteURL is site_url without a trailing slash; empty when not set.
	SiteURL string
	// PostURLPattern is post_url_pattern, DefaultPostURLPattern when empty.
	PostURLPattern string
	// Updated is when the settings last changed.
	Updated time.Time
}

// Served reports whether the feeds are served: switched on, with a site to link to.
func (s FeedSettings) Served() bool { return s.Enabled && s.SiteURL != "" }

// PostURL is the address of a post on the owner's site.
func (s FeedSettings) PostURL(id, slug string) string {
	return postURL(s.PostURLPattern, s.SiteURL, id, slug)
}

func postURL(pattern, siteURL, id, slug string) string {
	return strings.NewReplacer(placeholderSiteURL, siteURL, placeholderSlug, url.PathEscape(slug),
		placeholderID, url.PathEscape(id)).Replace(pattern)
}

// ReadFeedSettings reads the feed settings from the site's settings record (the oldest, should
// there be more). Without one the feeds are off.
func ReadFeedSettings(app core.App) (FeedSettings, error) {
	recs, err := app.FindRecordsByFilter(vocab.SiteSettings, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return FeedSettings{}, fmt.Errorf("feeds: read %s: %w", vocab.SiteSettings, err)
	}
	if len(recs) == 0 {
		return FeedSettings{}, nil
	}
	rec := recs[0]
	s := FeedSettings{
		Enabled:        rec.GetBool(feedsEnabledField),
		SiteURL:        strings.TrimRight(rec.GetString(siteURLField), "/"),
		PostURLPattern: rec.GetString(postURLPatternField),
		Updated:        rec.GetDateTime("updated").Time(),
	}
	if s.PostURLPattern == "" {
		s.PostURLPattern = DefaultPostURLPattern
	}
	return s, nil
}

// BindFeedSettings refuses, on every save of the settings (dashboard, records API, Go code), a
// post_url_pattern without {slug} or one that does not make an absolute http(s) address: a
// 400 naming the field, before a broken link reaches every feed reader.
func BindFeedSettings(app core.App) {
	app.OnRecordValidate(vocab.SiteSettings).Bind(&hook.Handler[*core.RecordEvent]{
		Id: hookorder.ContentFeedSettings, Priority: hookorder.ContentFeedSettingsPriority,
		Func: func(e *core.RecordEvent) error {
			if err := validatePostURLPattern(e.Record.GetString(postURLPatternField), e.Record.GetString(siteURLField)); err != nil {
				return validation.Errors{postURLPatternField: err}
			}
			return e.Next()
		},
	})
}

// validatePostURLPattern checks a pattern (empty: the default) against a sample post.
func validatePostURLPattern(pattern, siteURL string) error {
	if pattern == "" {
		return nil
	}
	if !strings.Contains(pattern, placeholderSlug) {
		return validation.NewError("validation_missing_slug", "Must contain {slug}.")
	}
	if siteURL == "" {
		siteURL = "https://example.com"
	}
	u, err := url.Parse(postURL(pattern, strings.TrimRight(siteURL, "/"), "abc123", "a-post"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return validation.NewError("validation_invalid_post_url", "Must make an absolute http(s) address, e.g. {site_url}/posts/{slug}.")
	}
	return nil
}
