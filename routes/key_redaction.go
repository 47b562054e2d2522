package routes

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/creator-content-api/server/hooks/keys"
)

// redacted replaces a path segment, or a query name or value, that mentions a key in what the
// request log sees.
const redacted = keys.Redacted

// redactKeys removes API keys from everything PocketBase's request log records of r: the URL's
// path and query, the Referer and the User-Agent (the log stores no other header). It reports
// whether the URL held a key, which the API refuses with 401: a key in a URL is logged by every
// proxy and browser history on its way, so it counts as leaked. What counts as a key is the
// keys package's one rule (keys.MentionsKey, keys.Redact: the prefix in any case, also
// percent-encoded).
func redactKeys(r *http.Request) bool {
	inURL := redactKeyInQuery(r.URL)
	if redactKeyInPath(r.URL) {
		inURL = true
	}
	for _, name := range []string{"Referer", "User-Agent"} {
		if v := r.Header.Get(name); keys.MentionsKey(v) {
			r.Header.Set(name, keys.Redact(v))
		}
	}
	return inURL
}

// redactKeyInPath replaces every path segment that holds a key with REDACTED and reports
// whether it found one. The route has been matched already, so only the log sees the change.
func redactKeyInPath(u *url.URL) bool {
	if !keys.MentionsKey(u.EscapedPath()) {
		return false
	}
	segments := strings.Split(u.EscapedPath(), "/")
	for i, s := range segments {
		if keys.MentionsKey(s) {
			segments[i] = redacted
		}
	}
	u.RawPath = strings.Join(segments, "/")
	if p, err := url.PathUnescape(u.RawPath); err == nil {
		u.Path = p
	} else {
		u.Path, u.RawPath = u.RawPath, ""
	}
	return true
}

// redactKeyInQuery replaces every query name and value that holds something like a key with
// "REDACTED" (the whole query when it does not parse) and reports whether it found one. A key
// counts anywhere in a name or value, and percent-encoded too ("%73vc_live_..."): each of
// these would otherwise reach the request log in clear.
func redactKeyInQuery(u *url.URL) bool {
	if !keys.MentionsKey(u.RawQuery) {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		u.RawQuery = redacted
		return true
	}
	scrubbed := url.Values{}
	for name, values := range q {
		if keys.MentionsKey(name) {
			name = redacted
		}
		for _, v := range values {
			if keys.MentionsKey(v) {
				v = redacted
			}
			scrubbed[name] = append(scrubbed[name], v)
		}
	}
	u.RawQuery = scrubbed.Encode()
	return true
}
