package readcache

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// MiddlewareID is the id of the cache's middleware, to unbind it from a route.
const MiddlewareID = "ccaReadCache"

// MiddlewarePriority runs the cache after every other middleware of a route, however they
// were bound: PocketBase's run at negative priorities, BindFunc's at 0.
const MiddlewarePriority = 1 << 20

// Middleware answers GET requests from c while generation() returns the generation the answer
// was computed at, and keeps the 200 responses of the handler otherwise. A conditional request
// whose If-None-Match matches the kept ETag gets a 304 with no body.
//
// The key of an answer is variant(e) (what else of the request the answer depends on, such as
// the origin its URLs start with) and the request's path and query (parameters sorted by
// name): bind it only to routes whose answer depends on nothing else but the data behind
// generation: not on the caller (the key, its scopes or origin are checked before the cache,
// on every request), nor on other headers, nor on the clock unless a write marks the moment
// (as the publish job marks a scheduled post when its time comes).
func (c *Cache) Middleware(generation func() uint64, variant func(*core.RequestEvent) string) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       MiddlewareID,
		Priority: MiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			if e.Request.Method != http.MethodGet {
				return e.Next()
			}
			key, ok := requestKey(e.Request.URL)
			if !ok {
				return e.Next()
			}
			if v := variant(e); v != "" {
				key = v + " " + key // a space, which an escaped path and query never hold
			}
			gen := generation()
			if hit := c.get(key, gen); hit != nil {
				return hit.write(e)
			}
			return c.fill(e, key, gen)
		},
	}
}

// requestKey is the path and the query with its parameters sorted by name (the order of one
// parameter's values kept), which handlers reading url.Values cannot tell apart. A query that
// does not parse is not cached: the handler sees only the pairs that did.
func requestKey(u *url.URL) (string, bool) {
	if u.RawQuery == "" {
		return u.EscapedPath(), true
	}
	if sortedPlainQuery(u.RawQuery) { // already as Encode would write it: no parse, no encode
		return u.EscapedPath() + "?" + u.RawQuery, true
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return "", false
	}
	return u.EscapedPath() + "?" + q.Encode(), true
}

// sortedPlainQuery says whether a raw query is the one url.Values.Encode gives of its own
// parse: name=value pairs, names not empty and in order (a name's values side by side), of
// characters that neither parsing nor escaping changes (letters, digits, -._~).
func sortedPlainQuery(raw string) bool {
	prev := ""
	for pair := range strings.SplitSeq(raw, "&") {
		name, value, ok := strings.Cut(pair, "=")
		if !ok || name == "" || name < prev || !plain(name) || !plain(value) {
			return false
		}
		prev = name
	}
	return true
}

// plain says whether s holds only the characters a query keeps as they are.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~') {
			return false
		}
	}
	return true
}

// fill runs the handler and keeps its response if it is a 200.
func (c *Cache) fill(e *core.RequestEvent, key string, gen uint64) error {
	before := e.Response.Header().Clone()
	rec, err := record(e)
	if err != nil || rec.status != http.StatusOK {
		return rec.replay(e.Response, err)
	}
	en := newEntry(key, handlerHeaders(before, e.Response.Header()), bytes.Clone(rec.body.Bytes()))
	c.put(en, gen)
	return en.write(e)
}

// record runs the handler into a recorder. It asks without If-None-Match, so that the
// handler always gives the whole body to keep; the cache then answers the condition itself.
func record(e *core.RequestEvent) (*recorder, error) {
	orig, rec := e.Response, &recorder{ResponseWriter: e.Response}
	ifNoneMatch, conditional := e.Request.Header["If-None-Match"]
	e.Request.Header.Del("If-None-Match")
	defer func() { // also when the handler panics: the error handler must reach the client
		e.Response = orig
		if conditional {
			e.Request.Header["If-None-Match"] = ifNoneMatch
		}
	}()
	e.Response = rec
	return rec, e.Next()
}

// handlerHeaders are the headers of after that before did not have as they are.
func handlerHeaders(before, after http.Header) http.Header {
	set := http.Header{}
	for k, v := range after {
		if !slices.Equal(before[k], v) {
			set[k] = slices.Clone(v)
		}
	}
	return set
}

func newEntry(key string, header http.Header, body []byte) *entry {
	header.Set("Content-Length", strconv.Itoa(len(body)))
	size := int64(len(key) + len(body))
	for k, vs := range header {
		for _, v := range vs {
			size += int64(len(k) + len(v))
		}
	}
	return &entry{key: key, header: header, etag: header.Get("ETag"), body: body, size: size}
}

// write answers e with the kept response, or with a 304 carrying only the ETag when the
// request's If-None-Match matches it, as the handler would have.
func (en *entry) write(e *core.RequestEvent) error {
	h := e.Response.Header()
	if en.etag != "" && NotModified(e.Request.Header.Get("If-None-Match"), en.etag) {
		for k := range en.header {
			h.Del(k) // set by the handler on a miss
		}
		h.Set("ETag", en.etag)
		e.Response.WriteHeader(http.StatusNotModified)
		return nil
	}
	for k, v := range en.header {
		h[k] = v[:len(v):len(v)] // a later Add must not append into the kept slice
	}
	e.Response.WriteHeader(http.StatusOK)
	_, err := e.Response.Write(en.body)
	return err
}

// recorder holds a handler's response instead of sending it. Headers go to the real response
// (they are one map); status and body wait. It tracks its write state as PocketBase's own
// writer does, so e.Written and e.Status work inside the handler.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

// WriteHeader keeps the first status.
func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

// Write keeps b, after a 200 if no status was written.
func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// Written reports whether the handler has written a status.
func (r *recorder) Written() bool { return r.status != 0 }

// Status is the status the handler wrote, 0 if none.
func (r *recorder) Status() int { return r.status }

// replay sends what the handler wrote, if anything, and returns its error.
func (r *recorder) replay(w http.ResponseWriter, err error) error {
	if r.status == 0 {
		return err
	}
	w.WriteHeader(r.status)
	if _, werr := w.Write(r.body.Bytes()); err == nil {
		err = werr
	}
	return err
}
