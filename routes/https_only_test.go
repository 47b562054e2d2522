package routes_test

import (
	"crypto/tls"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
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

// hsts is the Strict-Transport-Security of an answer over HTTPS.
const hsts = "max-age=63072000"

// TestHTTPSOnly: the API answers HTTPS only, as the connection or a trusted proxy says; a
// proxy on this host whose headers are not trusted is refused with a message that says what
// to set. Each case sets the whole trusted-proxy setting it needs, so they share one app.
func TestHTTPSOnly(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{Config: func(c *routes.Config) { c.AllowPlainHTTP = false }})
	seedProfile(t, h)
	key, _ := h.CreateKey(keys.ScopeRead)

	// The trusted-proxy settings of the cases; leftmost is PocketBase's UseLeftmostIP.
	setting := func(headers []string, leftmost bool) func(testing.TB, *apitest.Harness) {
		return func(_ testing.TB, h *apitest.Harness) {
			h.App.Settings().TrustedProxy.Headers = headers
			h.App.Settings().TrustedProxy.UseLeftmostIP = leftmost
		}
	}
	untrusted, trusted, trustedLeftmost := setting(nil, false), setting([]string{trustedHeader}, false), setting([]string{trustedHeader}, true)
	// send is the request of a case: its header lines, with the key, over TLS or plain HTTP.
	send := func(overTLS bool, headers http.Header) func(*http.Request) {
		return func(req *http.Request) {
			for name, lines := range headers {
				req.Header[name] = lines
			}
			req.Header.Set("Authorization", "Bearer "+key)
			if overTLS {
				req.TLS = &tls.ConnectionState{}
			}
		}
	}
	plain := func(headers http.Header) func(*http.Request) { return send(false, headers) }
	overTLS := func(headers http.Header) func(*http.Request) { return send(true, headers) }
	xff := http.Header{"X-Forwarded-For": {"203.0.113.9"}}
	proto := func(lines ...string) http.Header {
		return http.Header{"X-Forwarded-For": {"203.0.113.9"}, "X-Forwarded-Proto": lines}
	}
	forwarded := func(value string) http.Header { return http.Header{"Forwarded": {value}} }

	// Never a redirect: it would resend the key in clear.
	answer := func(name, remote string, set func(testing.TB, *apitest.Harness), req func(*http.Request), status int, sts string) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: "/api/v1/profile", RemoteAddr: remote, Before: set, Request: req,
			ExpectedStatus: status, ExpectedHeaders: map[string]string{"Strict-Transport-Security": sts, "Location": ""}}
	}
	served := func(name, remote string, set func(testing.TB, *apitest.Harness), req func(*http.Request), sts string) apitest.Scenario {
		return answer(name, remote, set, req, http.StatusOK, sts)
	}
	refused := func(name, remote string, set func(testing.TB, *apitest.Harness), req func(*http.Request), says string) apitest.Scenario {
		s := answer(name, remote, set, req, http.StatusForbidden, "")
		s.ExpectedCode, s.ExpectedContent = "https_required", []string{says}
		return s
	}
	for _, s := range []apitest.Scenario{
		// No trusted proxy: the connection decides, and a proxy on this host is refused.
		refused("plain HTTP from the internet", fromInternet, untrusted, plain(nil), saysPlain),
		served("TLS from the internet", fromInternet, untrusted, overTLS(nil), hsts),
		served("loopback development", fromLoopback, untrusted, plain(nil), ""),
		served("IPv6 loopback development", fromLoop6, untrusted, plain(nil), ""),
		served("TLS on loopback", fromLoopback, untrusted, overTLS(nil), hsts),
		refused("untrusted proxy header from the internet", fromInternet, untrusted, plain(proto("https")), saysPlain),
		served("untrusted proxy header over TLS is ignored", fromInternet, untrusted, overTLS(proto("http")), hsts),
		refused("local proxy, X-Forwarded-For", fromLoopback, untrusted, plain(xff), saysSetting),
		refused("local proxy says https", fromLoopback, untrusted, plain(proto("https")), saysSetting),
		refused("local proxy says http", fromLoopback, untrusted, plain(proto("http")), saysSetting),
		refused("local proxy, Forwarded", fromLoopback, untrusted, plain(forwarded("for=203.0.113.9;proto=https")), saysSetting),
		refused("local proxy, X-Real-IP on IPv6 loopback", fromLoop6, untrusted, plain(http.Header{"X-Real-Ip": {"203.0.113.9"}}), saysSetting),
		refused("local proxy re-encrypting to TLS", fromLoopback, untrusted, overTLS(proto("https")), saysSetting),

		// Trusted proxy: the scheme is the value the proxy appended.
		served("trusted local proxy says https", fromLoopback, trusted, plain(proto("https")), hsts),
		refused("trusted local proxy says http", fromLoopback, trusted, plain(proto("http")), saysPlain),
		served("trusted proxy on another host says https", fromNetwork, trusted, plain(proto("https")), hsts),
		served("trusted proxy, upper case", fromLoopback, trusted, plain(proto("HTTPS")), hsts),
		refused("client's https before the proxy's http", fromLoopback, trusted, plain(proto("https, http")), saysPlain),
		served("client's http before the proxy's https", fromLoopback, trusted, plain(proto("http, https")), hsts),
		refused("the last header line counts", fromLoopback, trusted, plain(proto("https", "http")), saysPlain),
		refused("leftmost IP does not pick the client's scheme", fromLoopback, trustedLeftmost, plain(proto("https, http")), saysPlain),
		served("Forwarded, the proxy's hop says https", fromNetwork, trusted, plain(forwarded("for=1.2.3.4;proto=http, for=10.0.0.1;proto=https")), hsts),
		refused("Forwarded, the proxy's hop says http", fromLoopback, trusted, plain(forwarded("for=1.2.3.4;proto=https, for=10.0.0.1;proto=http")), saysPlain),
		served("Forwarded and X-Forwarded-Proto agree", fromLoopback, trusted, plain(http.Header{"Forwarded": {`for=1.2.3.4;proto="https"`}, "X-Forwarded-Proto": {"https"}}), hsts),
		refused("Forwarded and X-Forwarded-Proto disagree", fromLoopback, trusted, plain(http.Header{"Forwarded": {"for=1.2.3.4;proto=http"}, "X-Forwarded-Proto": {"https"}}), saysDisagree),
		refused("trusted proxy says http over TLS", fromLoopback, trusted, overTLS(proto("http")), saysPlain),
		refused("trusted local proxy without a scheme", fromLoopback, trusted, plain(xff), saysNoProto),
		served("trusted proxy without a scheme, over TLS", fromLoopback, trusted, overTLS(xff), hsts),
		served("trusted, loopback development", fromLoopback, trusted, plain(nil), ""),
		refused("trusted, plain HTTP from the internet", fromInternet, trusted, plain(nil), saysPlain),

		// The untrusted proxy's message tells the owner both ways out.
		{Name: "the untrusted proxy's whole message", Path: "/api/v1/profile", RemoteAddr: fromLoopback, Before: untrusted,
			Headers:        map[string]string{"X-Forwarded-Proto": "https"},
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "https_required",
			ExpectedJSON: map[string]any{"error.message": "this request came through a proxy on the server's host, whose headers the server does not trust: " +
				"the owner must set Settings → Trusted proxy in the dashboard (headers: X-Forwarded-For), " +
				"or serve with --require-https=off for a local development proxy"},
			ExpectedHeaders: map[string]string{"X-Request-Id": apitest.Present, "Cache-Control": "no-store"}},
	} {
		s.Test(t, h)
	}
}

// --require-https=off switches the check off: a local development proxy is served as it is.
func TestHTTPSOnlyOff(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	seedProfile(t, h)
	key, _ := h.CreateKey(keys.ScopeRead)
	for _, remote := range []string{fromLoopback, fromInternet} {
		apitest.Scenario{Name: "from " + remote, Path: "/api/v1/profile", RemoteAddr: remote,
			Headers: with(apitest.Bearer(key), "X-Forwarded-Proto", "http"), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Strict-Transport-Security": ""}}.Test(t, h)
	}
}
