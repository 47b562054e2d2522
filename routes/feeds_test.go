package routes_test

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

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
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
	setFeedSettings(t, h, map[string]any{"site_url": "https://demo.example/"})
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

// setFeedSettings changes the site settings record through app.Save.
func setFeedSettings(t *testing.T, h *apitest.Harness, fields map[string]any) {
	t.Helper()
	recs, err := h.App.FindAllRecords(vocab.SiteSettings)
	if err != nil || len(recs) != 1 {
		t.Fatalf("site settings: %v (%d records)", err, len(recs))
	}
	for k, v := range fields {
		recs[0].Set(k, v)
	}
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
}

func tagURI(rec *core.Record) string {
	return "tag:demo.example," + rec.GetDateTime("created").Time().UTC().Format(time.DateOnly) + ":posts/" + rec.Id
}

// feedCase is one format: its path, content type, and the checks of its own rules on the
// document as its format-specific parser reads it.
type feedCase struct {
	path, contentType string
	rules             func(t *testing.T, body []byte, s *feedSite)
}

var feedCases = []feedCase{
	{"/feed.xml", "application/rss+xml; charset=utf-8", rssRules},
	{"/atom.xml", "application/atom+xml; charset=utf-8", atomRules},
	{"/feed.json", "application/feed+json; charset=utf-8", jsonFeedRules},
}

func TestFeedsServeThePublishedPublicPosts(t *testing.T) {
	t.Parallel()
	s := newFeedSite(t, apitest.Options{})
	for _, fc := range feedCases {
		t.Run(fc.path, func(t *testing.T) {
			res := s.h.Do(apitest.Request{Method: http.MethodGet, Path: fc.path})
			if res.Status != http.StatusOK {
				t.Fatalf("status %d: %s", res.Status, res.Body)
			}
			for k, want := range map[string]string{"Content-Type": fc.contentType, "Cache-Control": "public, max-age=300"} {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
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
		})
	}
}

func rssRules(t *testing.T, body []byte, s *feedSite) {
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

func atomRules(t *testing.T, body []byte, s *feedSite) {
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

func jsonFeedRules(t *testing.T, body []byte, s *feedSite) {
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

// TestFeedsScheduledPostAppearsWhenDue: a scheduled post joins the feeds, first, once its
// time has come, and the ETag changes with it.
func TestFeedsScheduledPostAppearsWhenDue(t *testing.T) {
	t.Parallel()
	s := newFeedSite(t, apitest.Options{})
	before := s.h.Do(apitest.Request{Method: http.MethodGet, Path: "/feed.json"})
	s.h.Clock.Advance(time.Hour)
	after := s.h.Do(apitest.Request{Method: http.MethodGet, Path: "/feed.json"})
	f, err := gofeed.NewParser().Parse(bytes.NewReader(after.Body))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Items) != 3 || f.Items[0].GUID != tagURI(s.scheduled) {
		t.Fatalf("after its time: %d items, first %v; want 3, the scheduled post first", len(f.Items), f.Items)
	}
	if before.Header.Get("ETag") == after.Header.Get("ETag") {
		t.Error("the ETag did not change with the content")
	}
}

// TestFeedsHoldTheNewestTwenty: older posts fall off the end.
func TestFeedsHoldTheNewestTwenty(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	setFeedSettings(t, h, map[string]any{"site_url": "https://demo.example", "post_url_pattern": "{site_url}/p/{id}/{slug}"})
	var newest []string
	for i := range 22 {
		rec := h.SaveRecord(vocab.Posts, map[string]any{"title": "Post", "visibility": "public",
			"published_at": apitest.Epoch.Add(-time.Duration(i) * time.Hour)})
		if i < 20 {
			newest = append(newest, "https://demo.example/p/"+rec.Id+"/"+rec.GetString("slug"))
		}
	}
	res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/atom.xml"})
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
}

func TestFeedsConditionalAndHead(t *testing.T) {
	t.Parallel()
	s := newFeedSite(t, apitest.Options{})
	for _, fc := range feedCases {
		t.Run(fc.path, func(t *testing.T) {
			first := s.h.Do(apitest.Request{Method: http.MethodGet, Path: fc.path})
			etag := first.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) {
				t.Fatalf("ETag %q, want a strong one", etag)
			}
			cases := []struct {
				name, method, ifNoneMatch string
				status                    int
			}{
				{"matching ETag", http.MethodGet, etag, http.StatusNotModified},
				{"weak form of the ETag", http.MethodGet, "W/" + etag, http.StatusNotModified},
				{"another ETag", http.MethodGet, `"other"`, http.StatusOK},
				{"HEAD", http.MethodHead, "", http.StatusOK},
				{"HEAD with matching ETag", http.MethodHead, etag, http.StatusNotModified},
			}
			for _, c := range cases {
				res := s.h.Do(apitest.Request{Method: c.method, Path: fc.path, Headers: map[string]string{"If-None-Match": c.ifNoneMatch}})
				if res.Status != c.status || res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") != "public, max-age=300" {
					t.Errorf("%s: %d, ETag %q, Cache-Control %q; want %d with the same ETag",
						c.name, res.Status, res.Header.Get("ETag"), res.Header.Get("Cache-Control"), c.status)
				}
				if c.status == http.StatusNotModified && len(res.Body) != 0 {
					t.Errorf("%s: a 304 with a body: %s", c.name, res.Body)
				}
			}
		})
	}
}

func TestFeedsNotFoundWhenOff(t *testing.T) {
	t.Parallel()
	s := newFeedSite(t, apitest.Options{})
	// Each case sets both settings: neither depends on what the other left.
	cases := []struct {
		name     string
		settings map[string]any
	}{
		{"no site_url", map[string]any{"site_url": "", "feeds_enabled": true}},
		{"feeds_enabled off", map[string]any{"site_url": "https://demo.example", "feeds_enabled": false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := s.h.For(t)
			setFeedSettings(t, h, c.settings)
			for _, fc := range feedCases {
				res := h.Do(apitest.Request{Method: http.MethodGet, Path: fc.path})
				if res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" || res.Header.Get("Cache-Control") != "no-store" {
					t.Errorf("%s: %d %q (Cache-Control %q), want 404 not_found", fc.path, res.Status, res.Body, res.Header.Get("Cache-Control"))
				}
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
	res := s.h.Do(apitest.Request{Method: http.MethodGet, Path: "/feed.xml"})
	if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" {
		t.Fatalf("over the burst: %d %s, want 429 rate_limited", res.Status, res.Body)
	}
	for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"} {
		if res.Header.Get(h) == "" {
			t.Errorf("no %s", h)
		}
	}
	if got := res.Header.Get("X-RateLimit-Remaining"); got != "0" {
		t.Errorf("X-RateLimit-Remaining %q, want 0", got)
	}
	other := s.h.Do(apitest.Request{Method: http.MethodGet, Path: "/feed.xml", RemoteAddr: "198.51.100.7:1000"})
	if other.Status != http.StatusOK {
		t.Errorf("another client: %d, want 200", other.Status)
	}
}
