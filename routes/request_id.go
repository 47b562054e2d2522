package routes

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// HeaderRequestID names the request id header sent on every response.
const HeaderRequestID = "X-Request-Id"

// keyInURLFlag marks a request whose URL (path or query) carried a key (see redactKeys).
const keyInURLFlag = "cca.keyInURL"

// requestID is ccaRequestId, first on every route, PocketBase's included. It echoes a sane client request
// id or makes one, and redacts API keys from everything PocketBase's request log records (the
// URL, the Referer and the User-Agent) before the log can see them; a request whose URL held a
// key is then refused by the authentication middleware (or by the catch-all, on unknown API
// paths).
func requestID() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       RequestIDMiddlewareID,
		Priority: RequestIDMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			e.Response.Header().Set(HeaderRequestID, requestIDOf(e.Request))
			if redactKeys(e.Request) {
				e.Set(keyInURLFlag, true)
			}
			return e.Next()
		},
	}
}

// requestIDOf is the request's own id when it sent a sane one, else a new one.
func requestIDOf(r *http.Request) string {
	if id := r.Header.Get(HeaderRequestID); saneRequestID(id) {
		return id
	}
	return newRequestID()
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
