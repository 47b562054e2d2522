package routes

import (
	"net"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// hstsValue is sent on every HTTPS response: browsers then never try plain HTTP for two years.
const hstsValue = "max-age=63072000"

// requireHTTPS refuses API requests that arrived over plain HTTP, so a key never travels in
// clear more than once and is never redirected (a redirect would make clients resend it).
// HTTPS is the TLS of PocketBase's own certificates, or a proxy's X-Forwarded-Proto: https
// (or Forwarded: proto=https), trusted only when the owner has set PocketBase's trusted-proxy
// headers, as the real client IP is. Plain HTTP from a loopback address with no proxy header
// is development and allowed.
func requireHTTPS(e *core.RequestEvent) error {
	if isHTTPS(e) {
		e.Response.Header().Set("Strict-Transport-Security", hstsValue)
		return e.Next()
	}
	if proxyProto(e) == "" && isLoopback(e.RemoteIP()) {
		return e.Next()
	}
	return &apierr.Error{Status: http.StatusForbidden, Code: apierr.CodeHTTPSRequired,
		Message: "this API is served over HTTPS only; call https:// (and treat any key sent over plain HTTP as leaked: rotate it)"}
}

func isHTTPS(e *core.RequestEvent) bool {
	if e.Request.TLS != nil {
		return true
	}
	return proxyProto(e) == "https"
}

// proxyProto is the scheme a trusted proxy reports, or "".
func proxyProto(e *core.RequestEvent) string {
	if len(e.App.Settings().TrustedProxy.Headers) == 0 {
		return ""
	}
	if p := e.Request.Header.Get("X-Forwarded-Proto"); p != "" {
		parts := strings.Split(p, ",")
		return strings.ToLower(strings.TrimSpace(parts[len(parts)-1]))
	}
	if f := e.Request.Header.Get("Forwarded"); f != "" {
		hops := strings.Split(f, ",")
		for _, pair := range strings.Split(hops[len(hops)-1], ";") { // the hop our proxy added
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if ok && strings.EqualFold(k, "proto") {
				return strings.ToLower(strings.Trim(v, `"`))
			}
		}
	}
	return ""
}

func isLoopback(ip string) bool {
	parsed := net.ParseIP(ip)
	return parsed != nil && parsed.IsLoopback()
}
