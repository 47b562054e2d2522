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

// scrubKeyInURL replaces every query value that looks like a key with "REDACTED" and reports
// whether it found one.
func scrubKeyInURL(u *url.URL) bool {
	if !strings.Contains(u.RawQuery, apikey.Prefix) && !strings.Contains(strings.ToLower(u.RawQuery), "svc%5flive%5f") {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		u.RawQuery = "REDACTED"
		return true
	}
	found := false
	for name, values := range q {
		for i, v := range values {
			if strings.HasPrefix(strings.TrimSpace(v), apikey.Prefix) {
				values[i] = "REDACTED"
				found = true
			}
		}
		q[name] = values
	}
	if found {
		u.RawQuery = q.Encode()
	}
	return found
}
