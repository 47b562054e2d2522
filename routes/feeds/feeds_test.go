package feeds_test

import (
	"bytes"
	"html"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"
	atomparser "github.com/mmcdole/gofeed/atom"
	jsonparser "github.com/mmcdole/gofeed/json"
	rssparser "github.com/mmcdole/gofeed/rss"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/apitest/fixture"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
)

// A title and content that XML and JSON must carry intact: markup characters, a CDATA end,
// an emoji and right-to-left text.
const (
	trickyTitle   = `Tom & Jerry <b>not bold</b> ]]> 🚀 שלום עולם`
	trickyExcerpt = `A & B < C ]]> "quoted" مرحبا`
	trickyContent = `<p>Fish &amp; chips ]]&gt; <em>now</em> ]]> 🐟 עברית</p>`
)

// feedSite is a harness with the feeds on (site_url set), a profile and posts of every kind:
// two published public ones, a draft, a private one, a members-only one, a scheduled one.
type feedSite struct {
	h                        *apitest.Harness
	tricky, older, scheduled *core.Record
}

func newFeedSite(t *testing.T, opts apitest.Options) *feedSite {
	t.Helper()
	h := apitest.New(t, opts)
	fixture.SetSiteSettings(t, h.App, map[string]any{"site_url": "https://demo.example/"})
	h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada Lovelace", "headline": "Notes on engines & poems"})
	day := apitest.Epoch.Add(-24 * time.Hour)
	post := func(title string, extra map[string]any) *core.Record {
		fields := map[string]any{"title": title, "excerpt": "About " + title, "content": "<p>" + title + "</p>",
			"visibility": "public", "draft": false, "tags": []string{"go"}}
		for k, v := range extra {
			fields[k] = v
		}
		return h.SaveRecord(vocab.Posts, fields)
	}
	s := &feedSite{h: h}
	s.older = post("Older", map[string]any{"published_at": day.Add(-time.Hour)})
	s.tricky = post(trickyTitle, map[string]any{"excerpt": trickyExcerpt, "content": trickyContent,
		"tags": []string{"go", "a&b <c>"}, "published_at": day})
	post("Draft", map[string]any{"draft": true, "published_at": day})
	post("Private", map[string]any{"visibility": "private", "published_at": day})
	post("Members", map[string]any{"visibility": "members", "published_at": day})
	s.scheduled = post("Scheduled", map[string]any{"published_at": apitest.Epoch.Add(time.Hour)})
	return s
}

func tagURI(rec *core.Record) string {
	return "tag:demo.example," + rec.GetDateTime("created").Time().UTC().Format(time.DateOnly) + ":posts/" + rec.Id
}

// feedCase is one format: its path, content type, and the checks of its own rules on the
// document as its format-specific parser reads it.
type feedCase struct {
	path, contentType string
	rules             func(t testing.TB, body []byte, s *feedSite)
}

var feedCases = []feedCase{
	{"/feed.xml", "application/rss+xml; charset=utf-8", rssRules},
	{"/atom.xml", "application/atom+xml; charset=utf-8", atomRules},
	{"/feed.json", "application/feed+json; charset=utf-8", jsonFeedRules},
}

// TestFeedsOfOneSite runs the feed tests that share one site, in order: those that only read
// it, then the clock moving a scheduled post in, then the feeds switched off.
func TestFeedsOfOneSite(t *testing.T) {
	t.Parallel()
	s := newFeedSite(t, apitest.Options{})
	t.Run("published public posts", func(t *testing.T) { feedsServeThePublishedPublicPosts(t, s) })
	t.Run("conditional and HEAD", func(t *testing.T) { feedsConditionalAndHead(t, s) })
	t.Run("scheduled post appears when due", func(t *testing.T) { feedsScheduledPostAppearsWhenDue(t, s) })
	t.Run("not found when off", func(t *testing.T) { feedsNotFoundWhenOff(t, s) })
}

func feedsServeThePublishedPublicPosts(t *testing.T, s *feedSite) {
	for _, fc := range feedCases {
		apitest.Scenario{Path: fc.path, ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": fc.contentType, "Cache-Control": "public, max-age=300"},
			After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
				f, err := gofeed.NewParser().Parse(bytes.NewReader(res.Body))
				if err != nil {
					t.Fatalf("parse: %v\n%s", err, res.Body)
				}
				if f.Title != "Ada Lovelace" || f.Description != "Notes on engines & poems" || f.Link != "https://demo.example" {
					t.Errorf("feed title %q, description %q, link %q", f.Title, f.Description, f.Link)
				}
				var ids []string
				for _, it := range f.Items {
					ids = append(ids, it.GUID)
				}
				if want := []string{tagURI(s.tricky), tagURI(s.older)}; !slices.Equal(ids, want) {
					t.Fatalf("item ids %v, want %v (newest first; no draft, private, members-only or scheduled post)", ids, want)
				}
				it := f.Items[0]
				summary := it.Description
				if fc.path == "/feed.xml" {
					summary = html.UnescapeString(summary) // RSS descriptions are HTML
				}
				if it.Title != trickyTitle || summary != trickyExcerpt || it.Content != trickyContent {
					t.Errorf("round trip:\ntitle   %q\nsummary %q\ncontent %q", it.Title, summary, it.Content)
				}
				if it.Link != "https://demo.example/posts/"+s.tricky.GetString("slug") {
					t.Errorf("link %q", it.Link)
				}
				if !slices.Equal(it.Categories, []string{"go", "a&b <c>"}) {
					t.Errorf("categories %q", it.Categories)
				}
				if want := apitest.Epoch.Add(-24 * time.Hour); it.PublishedParsed == nil || !it.PublishedParsed.Equal(want) {
					t.Errorf("published %v, want %v", it.PublishedParsed, want)
				}
				fc.rules(t, res.Body, s)
			}}.Test(t, s.h)
	}
}

func rssRules(t testing.TB, body []byte, s *feedSite) {
	t.Helper()
	f, err := (&rssparser.Parser{}).Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != "2.0" || f.Title == "" || f.Link == "" || f.Description == "" {
		t.Errorf("channel: version %q, title %q, link %q, description %q", f.Version, f.Title, f.Link, f.Description)
	}
	dates := []string{f.LastBuildDate}
	for _, it := range f.Items {
		dates = append(dates, it.PubDate)
		// gofeed reads isPermalink, not RSS's isPermaLink, so the attribute is not checked here.
		if it.GUID == nil || !strings.HasPrefix(it.GUID.Value, "tag:demo.example,") {
			t.Errorf("item %q: guid %+v, want its tag: URI", it.Title, it.GUID)
		}
	}
	for _, d := range dates {
		if _, err := time.Parse(time.RFC1123Z, d); err != nil {
			t.Errorf("date %q is not RFC 822 (RFC 1123Z): %v", d, err)
		}
	}
	if want := s.tricky.GetDateTime("updated").Time().UTC().Format(time.RFC1123Z); f.LastBuildDate != want {
		t.Errorf("lastBuildDate %q, want the newest change %q", f.LastBuildDate, want)
	}
}

func atomRules(t testing.TB, body []byte, s *feedSite) {
	t.Helper()
	f, err := (&atomparser.Parser{}).Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if f.ID != "https://demo.example/" || f.UpdatedParsed == nil || f.Title == "" {
		t.Errorf("feed: id %q, updated %q, title %q", f.ID, f.Updated, f.Title)
	}
	wantLinks := map[string]string{"alternate": "https://demo.example", "self": "http://example.com/atom.xml"}
	for _, l := range f.Links {
		if wantLinks[l.Rel] != l.Href {
			t.Errorf("feed link rel=%s href=%q", l.Rel, l.Href)
		}
		delete(wantLinks, l.Rel)
	}
	if len(wantLinks) != 0 {
		t.Errorf("feed links missing: %v", wantLinks)
	}
	for _, e := range f.Entries {
		if e.ID == "" || e.UpdatedParsed == nil || e.PublishedParsed == nil {
			t.Errorf("entry %q: id %q, updated %q, published %q", e.Title, e.ID, e.Updated, e.Published)
		}
		if len(e.Links) != 1 || e.Links[0].Rel != "alternate" || !strings.HasPrefix(e.Links[0].Href, "https://demo.example/posts/") {
			t.Errorf("entry %q: links %+v, want one rel=alternate to the post", e.Title, e.Links)
		}
		if e.Content == nil || e.Content.Type != "html" {
			t.Errorf("entry %q: content %+v, want type html", e.Title, e.Content)
		}
	}
}

func jsonFeedRules(t testing.TB, body []byte, s *feedSite) {
	t.Helper()
	f, err := (&jsonparser.Parser{}).Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != "https://jsonfeed.org/version/1.1" || f.FeedURL != "http://example.com/feed.json" || f.HomePageURL != "https://demo.example" {
		t.Errorf("version %q, feed_url %q, home_page_url %q", f.Version, f.FeedURL, f.HomePageURL)
	}
	if len(f.Authors) != 1 || f.Authors[0].Name != "Ada Lovelace" {
		t.Errorf("authors %+v", f.Authors)
	}
	for _, it := range f.Items {
		if it.ID == "" || it.ContentHTML == "" {
			t.Errorf("item %q: id %q, content_html %q", it.Title, it.ID, it.ContentHTML)
		}
		if _, err := time.Parse(time.RFC3339, it.DatePublished); err != nil {
			t.Errorf("item %q: date_published %q: %v", it.Title, it.DatePublished, err)
		}
	}
}

// feedsScheduledPostAppearsWhenDue: a scheduled post joins the feeds, first, once its time
// has come, and the ETag changes with it.
func feedsScheduledPostAppearsWhenDue(t *testing.T, s *feedSite) {
	before := apitest.Scenario{Name: "before its time", Path: "/feed.json", ExpectedStatus: http.StatusOK}.Test(t, s.h)
	s.h.Clock.Advance(time.Hour)
	apitest.Scenario{Name: "after its time", Path: "/feed.json", ExpectedStatus: http.StatusOK,
		After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
			f, err := gofeed.NewParser().Parse(bytes.NewReader(res.Body))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Items) != 3 || f.Items[0].GUID != tagURI(s.scheduled) {
				t.Errorf("%d items, first %v; want 3, the scheduled post first", len(f.Items), f.Items)
			}
			if before.Header.Get("ETag") == res.Header.Get("ETag") {
				t.Error("the ETag did not change with the content")
			}
		}}.Test(t, s.h)
}

// TestFeedsHoldTheNewestTwenty: older posts fall off the end.
func TestFeedsHoldTheNewestTwenty(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	fixture.SetSiteSettings(t, h.App, map[string]any{"site_url": "https://demo.example", "post_url_pattern": "{site_url}/p/{id}/{slug}"})
	var newest []string
	for i := range 22 {
		rec := h.SaveRecord(vocab.Posts, map[string]any{"title": "Post", "visibility": "public",
			"published_at": apitest.Epoch.Add(-time.Duration(i) * time.Hour)})
		if i < 20 {
			newest = append(newest, "https://demo.example/p/"+rec.Id+"/"+rec.GetString("slug"))
		}
	}
	apitest.Scenario{Path: "/atom.xml", ExpectedStatus: http.StatusOK, After: func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		f, err := gofeed.NewParser().Parse(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		var links []string
		for _, it := range f.Items {
			links = append(links, it.Link)
		}
		if !slices.Equal(links, newest) {
			t.Errorf("links %v,\nwant the 20 newest %v", links, newest)
		}
	}}.Test(t, h)
}

func feedsConditionalAndHead(t *testing.T, s *feedSite) {
	for _, fc := range feedCases {
		t.Run(fc.path, func(t *testing.T) {
			first := apitest.Scenario{Name: "first", Path: fc.path, ExpectedStatus: http.StatusOK}.Test(t, s.h)
			etag := first.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) {
				t.Fatalf("ETag %q, want a strong one", etag)
			}
			// Each answer has the same ETag; a 304 has no body (Scenario checks it).
			for _, c := range []apitest.Scenario{
				{Name: "matching ETag", Headers: map[string]string{"If-None-Match": etag}, ExpectedStatus: http.StatusNotModified},
				{Name: "weak form of the ETag", Headers: map[string]string{"If-None-Match": "W/" + etag}, ExpectedStatus: http.StatusNotModified},
				{Name: "another ETag", Headers: map[string]string{"If-None-Match": `"other"`}, ExpectedStatus: http.StatusOK},
				{Name: "HEAD", Method: http.MethodHead, ExpectedStatus: http.StatusOK},
				{Name: "HEAD with matching ETag", Method: http.MethodHead, Headers: map[string]string{"If-None-Match": etag}, ExpectedStatus: http.StatusNotModified},
			} {
				c.Path, c.ExpectedHeaders = fc.path, map[string]string{"ETag": etag, "Cache-Control": "public, max-age=300"}
				c.Test(t, s.h)
			}
		})
	}
}

func feedsNotFoundWhenOff(t *testing.T, s *feedSite) {
	// Each case sets both settings: neither depends on what the other left.
	for _, c := range []struct {
		name     string
		settings map[string]any
	}{
		{"no site_url", map[string]any{"site_url": "", "feeds_enabled": true}},
		{"feeds_enabled off", map[string]any{"site_url": "https://demo.example", "feeds_enabled": false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fixture.SetSiteSettings(t, s.h.For(t).App, c.settings)
			for _, fc := range feedCases {
				apitest.Scenario{Path: fc.path, ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found",
					ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}}.Test(t, s.h)
			}
		})
	}
}

func TestFeedsRateLimit(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	s := newFeedSite(t, apitest.Options{RateLimits: &rl})
	for i := range rl.Normal.Burst {
		if res := s.h.Do(apitest.Request{Method: http.MethodGet, Path: feedCases[i%3].path}); res.Status != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, res.Status)
		}
	}
	apitest.Scenario{Name: "over the burst", Path: "/feed.xml", ExpectedStatus: http.StatusTooManyRequests, ExpectedCode: "rate_limited",
		ExpectedHeaders: map[string]string{"X-RateLimit-Limit": apitest.Present, "X-RateLimit-Remaining": "0",
			"X-RateLimit-Reset": apitest.Present, "Retry-After": apitest.Present}}.Test(t, s.h)
	apitest.Scenario{Name: "another client", Path: "/feed.xml", RemoteAddr: "198.51.100.7:1000", ExpectedStatus: http.StatusOK}.Test(t, s.h)
}
