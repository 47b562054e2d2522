package routes_test

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/apikey"
	"github.com/creator-content-api/server/routes/apitest"
)

func TestHTTPSOnly(t *testing.T) {
	h := apitest.New(t, apitest.Options{Config: func(c *routes.Config) { c.RequireHTTPS = true }})
	seedProfile(t, h)
	key, _ := h.CreateKey(apikey.ScopeRead)
	cases := []struct {
		name         string
		remote       string
		headers      map[string]string
		tls          bool
		trustProxies bool
		status       int
		code         string
		hsts         bool
	}{
		{"plain HTTP from the internet", "198.51.100.1:5000", nil, false, false, 403, "https_required", false},
		{"TLS", "198.51.100.1:5000", nil, true, false, 200, "", true},
		{"loopback development", "127.0.0.1:5000", nil, false, false, 200, "", false},
		{"IPv6 loopback", "[::1]:5000", nil, false, false, 200, "", false},
		{"untrusted proxy header", "198.51.100.1:5000", map[string]string{"X-Forwarded-Proto": "https"}, false, false, 403, "https_required", false},
		{"trusted proxy says https", "10.0.0.2:5000", map[string]string{"X-Forwarded-Proto": "https"}, false, true, 200, "", true},
		{"trusted proxy says http", "127.0.0.1:5000", map[string]string{"X-Forwarded-Proto": "http"}, false, true, 403, "https_required", false},
		{"trusted proxy, Forwarded header", "10.0.0.2:5000", map[string]string{"Forwarded": "for=1.2.3.4;proto=http, for=10.0.0.1;proto=https"}, false, true, 200, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			settings := h.App.Settings()
			settings.TrustedProxy.Headers = nil
			if c.trustProxies {
				settings.TrustedProxy.Headers = []string{"X-Forwarded-For"}
			}
			req := httptest.NewRequest(http.MethodGet, "/api/v1/profile", nil)
			req.RemoteAddr = c.remote
			req.Header.Set("Authorization", "Bearer "+key)
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			if c.tls {
				req.TLS = &tls.ConnectionState{}
			}
			res := h.Serve(req)
			if res.Status != c.status || res.ErrorCode() != c.code {
				t.Fatalf("got %d %s", res.Status, res.Body)
			}
			if got := res.Header.Get("Strict-Transport-Security") != ""; got != c.hsts {
				t.Fatalf("HSTS present = %v, want %v", got, c.hsts)
			}
			if res.Header.Get("Location") != "" {
				t.Fatal("a redirect would resend the key in clear")
			}
		})
	}
}
