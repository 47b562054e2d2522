package readcache

import "strings"

// NotModified reports whether an If-None-Match header value matches etag, by the weak
// comparison RFC 9110 (13.1.2) asks for: W/ prefixes are ignored, and "*" matches any.
func NotModified(ifNoneMatch, etag string) bool {
	for _, candidate := range strings.Split(ifNoneMatch, ",") {
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == "*" || candidate == etag {
			return true
		}
	}
	return false
}
