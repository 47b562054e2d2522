package routes

import (
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/routes/apikey"
)

// HeaderRequestID names the request id header sent on every response.
const HeaderRequestID = "X-Request-Id"

const (
	requestIDMiddlewareID = "cca.requestId"
	// keyInURLFlag marks a request whose query string carried a key (see scrubKeyInURL).
	keyInURLFlag = "cca.keyInURL"
)

// requestID runs first on every route, PocketBase's included. It echoes a sane client request
// id or makes one, and scrubs API keys from the query string before PocketBase's request log
// (which records the URL) can see them; the authentication middleware then refuses the request.
func requestID() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       requestIDMiddlewareID,
		Priority: apis.DefaultActivityLoggerMiddlewarePriority - 10,
		Func: func(e *core.RequestEvent) error {
			id := e.Request.Header.Get(HeaderRequestID)
			if !saneRequestID(id) {
				id = newRequestID()
			}
			e.Response.Header().Set(HeaderRequestID, id)
			if scrubKeyInURL(e.Request.URL) {
				e.Set(keyInURLFlag, true)
			}
			return e.Next()
		},
	}
}

// saneRequestID accepts 1 to 128 characters of letters, digits and -_.:
func saneRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_.:", c)) {
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms (Go >= 1.24)
	return "req_" + hex.EncodeToString(b[:])
}

// scrubKeyInURL replaces every query name and value that holds something like a key with
// "REDACTED" (the whole query when it does not parse) and reports whether it found one. A key
// counts anywhere in a name or value, and percent-encoded too ("%73vc_live_..."): each of
// these would otherwise reach the request log in clear.
func scrubKeyInURL(u *url.URL) bool {
	if !strings.Contains(unescapeLoosely(u.RawQuery), apikey.Prefix) {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		u.RawQuery = "REDACTED"
		return true
	}
	scrubbed := url.Values{}
	for name, values := range q {
		if strings.Contains(name, apikey.Prefix) {
			name = "REDACTED"
		}
		for _, v := range values {
			if strings.Contains(v, apikey.Prefix) {
				v = "REDACTED"
			}
			scrubbed[name] = append(scrubbed[name], v)
		}
	}
	u.RawQuery = scrubbed.Encode()
	return true
}

// unescapeLoosely undoes every well-formed %XX escape of a raw query and leaves the rest, a
// malformed escape included, as it is, so a key can be found even in a query that does not
// parse.
func unescapeLoosely(raw string) string {
	if !strings.Contains(raw, "%") {
		return raw
	}
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '%' && i+2 < len(raw) {
			if v, err := hex.DecodeString(raw[i+1 : i+3]); err == nil {
				b = append(b, v[0])
				i += 2
				continue
			}
		}
		b = append(b, raw[i])
	}
	return string(b)
}
