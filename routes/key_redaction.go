package routes

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/creator-content-api/server/hooks/keys"
)

// redacted replaces a key, or a query name or value holding one, in what the request log sees.
const redacted = "REDACTED"

// keyLike matches a key's prefix and whatever key characters follow it.
var keyLike = regexp.MustCompile(regexp.QuoteMeta(keys.Prefix) + `[A-Za-z0-9]*`)

// redactKeys removes API keys from everything PocketBase's request log records of r: the URL's
// path and query, the Referer and the User-Agent (the log stores no other header). It reports
// whether the URL held a key, which the API refuses with 401: a key in a URL is logged by every
// proxy and browser history on its way, so it counts as leaked.
func redactKeys(r *http.Request) bool {
	inURL := redactKeyInQuery(r.URL)
	if redactKeyInPath(r.URL) {
		inURL = true
	}
	for _, name := range []string{"Referer", "User-Agent"} {
		if v := r.Header.Get(name); holdsKey(v) {
			r.Header.Set(name, redactValue(v))
		}
	}
	return inURL
}

// redactValue replaces each key in a header value, unescaped as far as needed to find it.
func redactValue(v string) string {
	for holdsKey(v) && !strings.Contains(v, keys.Prefix) {
		v = keys.UnescapeLoosely(v)
	}
	return keyLike.ReplaceAllString(v, keys.Prefix+redacted)
}

// holdsKey reports whether s holds a key's prefix, percent-encoded or not (also encoded more
// than once: the log unescapes once more, and a reader can undo any number).
func holdsKey(s string) bool {
	for range 4 {
		if strings.Contains(s, keys.Prefix) {
			return true
		}
		u := keys.UnescapeLoosely(s)
		if u == s {
			return false
		}
		s = u
	}
	return strings.Contains(s, keys.Prefix)
}

// redactKeyInPath replaces every path segment that holds a key with REDACTED and reports
// whether it found one. The route has been matched already, so only the log sees the change.
func redactKeyInPath(u *url.URL) bool {
	if !holdsKey(u.EscapedPath()) {
		return false
	}
	segments := strings.Split(u.EscapedPath(), "/")
	for i, s := range segments {
		if holdsKey(s) {
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
	if !holdsKey(u.RawQuery) {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		u.RawQuery = redacted
		return true
	}
	scrubbed := url.Values{}
	for name, values := range q {
		if holdsKey(name) {
			name = redacted
		}
		for _, v := range values {
			if holdsKey(v) {
				v = redacted
			}
			scrubbed[name] = append(scrubbed[name], v)
		}
	}
	u.RawQuery = scrubbed.Encode()
	return true
}
