package routes_test

import (
	"crypto/tls"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
)

// Where a request comes from.
const (
	fromInternet = "198.51.100.1:5000"
	fromNetwork  = "10.0.0.2:5000" // a proxy on another host
	fromLoopback = "127.0.0.1:5000"
	fromLoop6    = "[::1]:5000"
)

// Messages of the refusals, by a phrase each must contain.
const (
	saysPlain     = "served over HTTPS only"
	saysSetting   = "Settings → Trusted proxy"
	saysDisagree  = "disagree"
	saysNoProto   = "did not say which scheme"
	trustedHeader = "X-Forwarded-For"
)

func TestHTTPSOnly(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{Config: func(c *routes.Config) { c.AllowPlainHTTP = false }})
	seedProfile(t, h)
	key, _ := h.CreateKey(keys.ScopeRead)
	xff := http.Header{"X-Forwarded-For": {"203.0.113.9"}}
	proto := func(lines ...string) http.Header {
		return http.Header{"X-Forwarded-For": {"203.0.113.9"}, "X-Forwarded-Proto": lines}
	}
	cases := []struct {
		name     string
		remote   string
		headers  http.Header
		tls      bool
		trusted  bool
		leftmost bool // PocketBase's UseLeftmostIP
		status   int
		says     string // a phrase of the 403's message
		hsts     bool
	}{
		// No trusted proxy: the connection decides, and a proxy on this host is refused.
		{"plain HTTP from the internet", fromInternet, nil, false, false, false, 403, saysPlain, false},
		{"TLS from the internet", fromInternet, nil, true, false, false, 200, "", true},
		{"loopback development", fromLoopback, nil, false, false, false, 200, "", false},
		{"IPv6 loopback development", fromLoop6, nil, false, false, false, 200, "", false},
		{"TLS on loopback", fromLoopback, nil, true, false, false, 200, "", true},
		{"untrusted proxy header from the internet", fromInternet, proto("https"), false, false, false, 403, saysPlain, false},
		{"untrusted proxy header over TLS is ignored", fromInternet, proto("http"), true, false, false, 200, "", true},
		{"local proxy, X-Forwarded-For", fromLoopback, xff, false, false, false, 403, saysSetting, false},
		{"local proxy says https", fromLoopback, proto("https"), false, false, false, 403, saysSetting, false},
		{"local proxy says http", fromLoopback, proto("http"), false, false, false, 403, saysSetting, false},
		{"local proxy, Forwarded", fromLoopback, http.Header{"Forwarded": {"for=203.0.113.9;proto=https"}}, false, false, false, 403, saysSetting, false},
		{"local proxy, X-Real-IP on IPv6 loopback", fromLoop6, http.Header{"X-Real-Ip": {"203.0.113.9"}}, false, false, false, 403, saysSetting, false},
		{"local proxy re-encrypting to TLS", fromLoopback, proto("https"), true, false, false, 403, saysSetting, false},

		// Trusted proxy: the scheme is the value the proxy appended.
		{"trusted local proxy says https", fromLoopback, proto("https"), false, true, false, 200, "", true},
		{"trusted local proxy says http", fromLoopback, proto("http"), false, true, false, 403, saysPlain, false},
		{"trusted proxy on another host says https", fromNetwork, proto("https"), false, true, false, 200, "", true},
		{"trusted proxy, upper case", fromLoopback, proto("HTTPS"), false, true, false, 200, "", true},
		{"client's https before the proxy's http", fromLoopback, proto("https, http"), false, true, false, 403, saysPlain, false},
		{"client's http before the proxy's https", fromLoopback, proto("http, https"), false, true, false, 200, "", true},
		{"the last header line counts", fromLoopback, proto("https", "http"), false, true, false, 403, saysPlain, false},
		{"leftmost IP does not pick the client's scheme", fromLoopback, proto("https, http"), false, true, true, 403, saysPlain, false},
		{"Forwarded, the proxy's hop says https", fromNetwork, http.Header{"Forwarded": {"for=1.2.3.4;proto=http, for=10.0.0.1;proto=https"}}, false, true, false, 200, "", true},
		{"Forwarded, the proxy's hop says http", fromLoopback, http.Header{"Forwarded": {"for=1.2.3.4;proto=https, for=10.0.0.1;proto=http"}}, false, true, false, 403, saysPlain, false},
		{"Forwarded and X-Forwarded-Proto agree", fromLoopback, http.Header{"Forwarded": {`for=1.2.3.4;proto="https"`}, "X-Forwarded-Proto": {"https"}}, false, true, false, 200, "", true},
		{"Forwarded and X-Forwarded-Proto disagree", fromLoopback, http.Header{"Forwarded": {"for=1.2.3.4;proto=http"}, "X-Forwarded-Proto": {"https"}}, false, true, false, 403, saysDisagree, false},
		{"trusted proxy says http over TLS", fromLoopback, proto("http"), true, true, false, 403, saysPlain, false},
		{"trusted local proxy without a scheme", fromLoopback, xff, false, true, false, 403, saysNoProto, false},
		{"trusted proxy without a scheme, over TLS", fromLoopback, xff, true, true, false, 200, "", true},
		{"trusted, loopback development", fromLoopback, nil, false, true, false, 200, "", false},
		{"trusted, plain HTTP from the internet", fromInternet, nil, false, true, false, 403, saysPlain, false},
	}
	for _, c := range cases {
		s := apitest.Scenario{Name: c.name, Path: "/api/v1/profile", RemoteAddr: c.remote, ExpectedStatus: c.status,
			// Each case sets the whole trusted-proxy setting it needs.
			Before: func(t testing.TB, h *apitest.Harness) {
				settings := h.App.Settings()
				settings.TrustedProxy.Headers = nil
				if c.trusted {
					settings.TrustedProxy.Headers = []string{trustedHeader}
				}
				settings.TrustedProxy.UseLeftmostIP = c.leftmost
			},
			Request: func(req *http.Request) {
				for name, lines := range c.headers {
					req.Header[name] = lines
				}
				req.Header.Set("Authorization", "Bearer "+key)
				if c.tls {
					req.TLS = &tls.ConnectionState{}
				}
			},
			// Never a redirect: it would resend the key in clear.
			ExpectedHeaders: map[string]string{"Strict-Transport-Security": "", "Location": ""},
		}
		if c.status == http.StatusForbidden {
			s.ExpectedCode, s.ExpectedContent = "https_required", []string{c.says}
		}
		if c.hsts {
			s.ExpectedHeaders["Strict-Transport-Security"] = "max-age=63072000"
		}
		s.Test(t, h)
	}
}

// The untrusted proxy's message tells the owner both ways out.
func TestHTTPSOnlyUntrustedProxyMessage(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{Config: func(c *routes.Config) { c.AllowPlainHTTP = false }})
	res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: fromLoopback,
		Headers: map[string]string{"X-Forwarded-Proto": "https"}})
	want := "this request came through a proxy on the server's host, whose headers the server does not trust: " +
		"the owner must set Settings → Trusted proxy in the dashboard (headers: X-Forwarded-For), " +
		"or serve with --require-https=off for a local development proxy"
	if msg, _ := res.JSON(t)["error"].(map[string]any)["message"].(string); res.Status != 403 || msg != want {
		t.Fatalf("got %d %s", res.Status, res.Body)
	}
	if res.Header.Get("X-Request-Id") == "" || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("headers of the 403: %v", res.Header)
	}
}

// --require-https=off switches the check off: a local development proxy is served as it is.
func TestHTTPSOnlyOff(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	seedProfile(t, h)
	key, _ := h.CreateKey(keys.ScopeRead)
	for _, remote := range []string{fromLoopback, fromInternet} {
		headers := apitest.Bearer(key)
		headers["X-Forwarded-Proto"] = "http"
		res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/profile", RemoteAddr: remote, Headers: headers})
		if res.Status != 200 || res.Header.Get("Strict-Transport-Security") != "" {
			t.Fatalf("from %s: %d %v", remote, res.Status, res.Header)
		}
	}
}
