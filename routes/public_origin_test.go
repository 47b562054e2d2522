package routes_test

import (
	"crypto/tls"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/apitest/fixture"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// onePixelPNG is a 1×1 PNG: a cover PocketBase can make thumbnails of.
var onePixelPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82")

// Cover URLs, their thumbnails and the feeds' self links start with the Application URL the
// owner set, else with the scheme and host the client called (the read cache keeps an answer
// for each), and the URLs load.
func TestURLsStartWhereTheServerIs(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	cover, err := filesystem.NewFileFromBytes(onePixelPNG, "cover.png")
	if err != nil {
		t.Fatal(err)
	}
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "With a cover", "visibility": "public", "draft": false, "cover": cover})
	fixture.SetSiteSettings(t, h.App, map[string]any{"site_url": "https://demo.example"})
	file := "/api/files/" + post.Collection().Id + "/" + post.Id + "/" + post.GetString("cover")

	setting := func(appURL string, trusted bool) func(testing.TB, *apitest.Harness) {
		return func(_ testing.TB, h *apitest.Harness) {
			h.App.Settings().Meta.AppURL = appURL
			h.App.Settings().TrustedProxy.Headers = nil
			if trusted {
				h.App.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
			}
		}
	}
	host := func(name string, tlsConn bool) func(*http.Request) {
		return func(req *http.Request) {
			req.Host = name
			if tlsConn {
				req.TLS = &tls.ConnectionState{}
			}
		}
	}
	thumbs := func(origin string) map[string]any {
		return map[string]any{
			"data.cover":                origin + file,
			"data.cover_thumbs.100x100": origin + file + "?thumb=100x100",
			"data.cover_thumbs.600x0":   origin + file + "?thumb=600x0",
		}
	}
	path := "/api/v1/posts/" + post.GetString("slug")
	for _, s := range []apitest.Scenario{
		{Name: "PocketBase's default Application URL: the request's host", Path: path, Headers: apitest.Bearer(key),
			RemoteAddr: "127.0.0.1:5000", Before: setting("http://localhost:8090", false), Request: host("127.0.0.1:41234", false),
			ExpectedStatus: 200, ExpectedJSON: thumbs("http://127.0.0.1:41234")},
		{Name: "another host, another answer from the read cache", Path: path, Headers: apitest.Bearer(key),
			RemoteAddr: "127.0.0.1:5000", Before: setting("http://localhost:8090", false), Request: host("localhost:9000", false),
			ExpectedStatus: 200, ExpectedJSON: thumbs("http://localhost:9000")},
		{Name: "over TLS", Path: path, Headers: apitest.Bearer(key),
			Before: setting("", false), Request: host("api.example.org", true),
			ExpectedStatus: 200, ExpectedJSON: thumbs("https://api.example.org")},
		{Name: "behind a trusted proxy: its scheme, the Host it passed on", Path: path, Headers: map[string]string{
			"Authorization": "Bearer " + key, "X-Forwarded-For": "198.51.100.7", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"},
			RemoteAddr: "127.0.0.1:5000", Before: setting("http://localhost:8090", true), Request: host("api.example.org", false),
			ExpectedStatus: 200, ExpectedJSON: thumbs("https://api.example.org")},
		{Name: "the owner's Application URL", Path: path, Headers: apitest.Bearer(key),
			RemoteAddr: "127.0.0.1:5000", Before: setting("https://cdn.example.net/", false), Request: host("127.0.0.1:41234", false),
			ExpectedStatus: 200, ExpectedJSON: thumbs("https://cdn.example.net")},
		{Name: "the feeds' self link", Path: "/feed.json",
			RemoteAddr: "127.0.0.1:5000", Before: setting("http://localhost:8090", false), Request: host("127.0.0.1:41234", false),
			ExpectedStatus: 200, ExpectedJSON: map[string]any{"feed_url": "http://127.0.0.1:41234/feed.json"}},
	} {
		s.Test(t, h)
	}

	// The URLs load: the cover, a declared thumbnail, and an undeclared size (the original).
	png := func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, "image/png") {
			t.Errorf("Content-Type %q, want image/png", got)
		}
	}
	for _, q := range []string{"", "?thumb=100x100", "?thumb=600x0", "?thumb=33x33"} {
		apitest.Scenario{Name: "the cover" + q, Path: file + q, ExpectedStatus: http.StatusOK, After: png}.Test(t, h)
	}
}
