package routes

import (
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apierr"
)

// hstsValue is sent on every HTTPS response: browsers then never try plain HTTP for two years.
const hstsValue = "max-age=63072000"

// forwardingHeaders are the headers a proxy adds, in their canonical spelling (the request's
// header map's keys). On a loopback connection any one of them means the request came through
// a proxy on this host.
var forwardingHeaders = []string{"X-Forwarded-For", "X-Forwarded-Proto", "Forwarded", textproto.CanonicalMIMEHeaderKey("X-Real-IP")}

// The refusals' messages.
const (
	msgPlainHTTP      = "this API is served over HTTPS only; call https:// (and treat any key sent over plain HTTP as leaked: rotate it)"
	msgUntrustedProxy = "this request came through a proxy on the server's host, whose headers the server does not trust: " +
		"the owner must set Settings → Trusted proxy in the dashboard (headers: X-Forwarded-For), " +
		"or serve with --require-https=off for a local development proxy"
	msgProtoDisagree = "the proxy's Forwarded proto and X-Forwarded-Proto headers disagree on the scheme; send one, or both alike"
	msgNoProto       = "the proxy did not say which scheme the client used: have it send X-Forwarded-Proto (or Forwarded: proto=)"
)

// httpsOnly refuses API requests that arrived over plain HTTP, so a key never travels in clear
// more than once and is never redirected (a redirect would make clients resend it). It warns
// once per process, in the server's log, of a proxy whose headers are not trusted.
type httpsOnly struct {
	proxyWarning sync.Once
}

// handler is ccaHTTPSOnly, sharing h's once-per-process warning with every route it guards.
func (h *httpsOnly) handler() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: HTTPSOnlyMiddlewareID, Priority: HTTPSOnlyMiddlewarePriority, Func: h.require}
}

// require is the check. HTTPS is the TLS of PocketBase's own certificates, or a proxy's
// X-Forwarded-Proto: https (or Forwarded: proto=https), believed only when the owner has set
// PocketBase's trusted-proxy headers, as the real client IP is. A loopback connection with any
// forwarding header came through a proxy on this host: without that setting it is refused (the
// scheme is unknown, and every client would share the proxy's rate-limit bucket). Plain HTTP
// from loopback with no forwarding header is development and allowed.
func (h *httpsOnly) require(e *core.RequestEvent) error {
	trusted := len(e.App.Settings().TrustedProxy.Headers) > 0
	proxied := hasForwardingHeader(e.Request.Header)
	loopback := isLoopback(e.RemoteIP())
	if trusted {
		scheme, agree := proxyScheme(e.Request.Header)
		switch {
		case !agree:
			return httpsRequired(msgProtoDisagree)
		case scheme == "https":
			return allowHTTPS(e)
		case scheme != "":
			return httpsRequired(msgPlainHTTP)
		}
	}
	switch {
	case loopback && proxied && !trusted:
		h.proxyWarning.Do(func() {
			e.App.Logger().Warn("API requests arrive through a proxy on this host but PocketBase's trusted-proxy setting is empty: "+
				"they are refused with 403 https_required (and would all count as one client). Set Settings → Trusted proxy → "+
				"headers (e.g. X-Forwarded-For) in the dashboard, or serve with --require-https=off for a local development proxy",
				"remoteIP", e.RemoteIP())
		})
		return httpsRequired(msgUntrustedProxy)
	case e.Request.TLS != nil:
		return allowHTTPS(e)
	case loopback && !proxied:
		return e.Next()
	case loopback:
		return httpsRequired(msgNoProto)
	}
	return httpsRequired(msgPlainHTTP)
}

func allowHTTPS(e *core.RequestEvent) error {
	e.Response.Header().Set("Strict-Transport-Security", hstsValue)
	return e.Next()
}

func httpsRequired(msg string) *apierr.Error {
	return &apierr.Error{Status: http.StatusForbidden, Code: apierr.CodeHTTPSRequired, Message: msg}
}

func hasForwardingHeader(h http.Header) bool {
	for _, name := range forwardingHeaders {
		if len(h[name]) > 0 {
			return true
		}
	}
	return false
}

// proxyScheme is the scheme the trusted proxy reports, lower-cased, or "" when it reports none;
// agree is false when Forwarded and X-Forwarded-Proto both report one and they differ. As
// PocketBase reads the client IP, the last header line counts, and in it the rightmost value:
// the one our proxy appended, never one a client sent ahead of it. Unlike the IP, the scheme
// ignores the UseLeftmostIP setting: the leftmost value is whatever the client wrote, and only
// the proxy's own hop says how the request reached it.
func proxyScheme(h http.Header) (scheme string, agree bool) {
	xfp := strings.ToLower(strings.TrimSpace(lastListItem(h.Values("X-Forwarded-Proto"))))
	fwd := forwardedProto(lastListItem(h.Values("Forwarded")))
	if xfp != "" && fwd != "" && xfp != fwd {
		return "", false
	}
	if xfp != "" {
		return xfp, true
	}
	return fwd, true
}

// lastListItem is the rightmost comma-separated item of the last of a header's lines, or "".
func lastListItem(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	last := lines[len(lines)-1]
	return last[strings.LastIndexByte(last, ',')+1:]
}

// forwardedProto is the proto parameter of one Forwarded element (RFC 7239), lower-cased, or "".
func forwardedProto(element string) string {
	for _, pair := range strings.Split(element, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if ok && strings.EqualFold(k, "proto") {
			return strings.ToLower(strings.Trim(v, `"`))
		}
	}
	return ""
}

func isLoopback(ip string) bool {
	parsed := net.ParseIP(ip)
	return parsed != nil && parsed.IsLoopback()
}
