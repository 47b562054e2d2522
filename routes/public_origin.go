package routes

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// pocketBaseDefaultAppURL is the Application URL of a fresh PocketBase data directory (its
// core.newDefaultSettings): a value the owner never chose, which loads only on that host and port.
const pocketBaseDefaultAppURL = "http://localhost:8090"

// publicOrigin is the scheme and host the absolute URLs of an answer start with (covers, the
// avatar and their thumbnails, the feeds' self links): PocketBase's Application URL once the
// owner has set it (Settings → Application URL: one address for every client, e.g. the CDN's),
// otherwise the address this request called, its Host over the scheme the client used (TLS, or
// what a trusted proxy reports; X-Forwarded-Host is not read: a proxy may pass on a client's).
// The Host is in every HTTP cache's key already (it is part of the URL), and the read cache
// keys its answers by this origin too.
func publicOrigin(e *core.RequestEvent) string {
	appURL := strings.TrimRight(e.App.Settings().Meta.AppURL, "/")
	if (appURL != "" && appURL != pocketBaseDefaultAppURL) || e.Request.Host == "" {
		return appURL
	}
	return clientScheme(e) + "://" + e.Request.Host
}

// clientScheme is the scheme the client used: the one a trusted proxy reports (see
// proxyScheme), else https over TLS, else http.
func clientScheme(e *core.RequestEvent) string {
	if len(e.App.Settings().TrustedProxy.Headers) > 0 {
		if scheme, agree := proxyScheme(e.Request.Header); agree && scheme != "" {
			return scheme
		}
	}
	if e.Request.TLS != nil {
		return "https"
	}
	return "http"
}
