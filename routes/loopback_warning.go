package routes

import (
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// loopbackWarning is the start-up warning of a server that requires HTTPS, listens on
// loopback only and trusts no proxy headers. Such a server is meant to sit behind a proxy on
// the same host, and a proxy that sends no forwarding header (nginx's proxy_pass without
// proxy_set_header) makes every call look like local development: plain HTTP from loopback is
// accepted and all clients share one rate-limit bucket.
const loopbackWarning = "listening on loopback with --require-https=on and no trusted proxy: " +
	"if a proxy on this host forwards the API, it must send X-Forwarded-For and X-Forwarded-Proto, " +
	"and Settings → Trusted proxy must name X-Forwarded-For; otherwise its calls look like local development " +
	"(plain HTTP accepted, every client in one rate-limit bucket)"

// noteLoopbackWithoutProxy prints loopbackWarning to the terminal (out) when it applies to a
// server started on addr. It is advice for whoever starts the server, not an event: the same
// start is the ordinary local development set-up, so it stays out of the Logs, which the owner
// reads as what happened. A proxy that does send forwarding headers PocketBase does not trust
// is logged when its first call is refused (httpsOnly's untrusted-proxy warning).
func (a *API) noteLoopbackWithoutProxy(app core.App, out io.Writer, addr string) {
	if !a.cfg.AllowPlainHTTP && listensOnLoopbackOnly(addr) && len(app.Settings().TrustedProxy.Headers) == 0 {
		fmt.Fprintf(out, "Note: %s (%s).\n", loopbackWarning, addr)
	}
}

// listensOnLoopbackOnly reports whether a listen address (host:port) is a loopback host:
// 127.0.0.0/8, ::1 or localhost. An empty or unspecified host listens everywhere.
func listensOnLoopbackOnly(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
