package readcache_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/creator-content-api/server/routes/readcache"
)

// step is one request of a scenario and what must come back. wantHeader values must match
// exactly; "" means the header is absent.
type step struct {
	name        string
	method      string // GET when empty
	path        string
	header      []string
	wantStatus  int
	wantBody    string
	wantHeader  map[string]string
	wantHandled int64 // handler runs so far
}

// run sends the steps in order to s, checking each answer, and that the middleware bound
// after the cache ran for every request.
func (s *server) run(steps []step) {
	s.t.Helper()
	for i, st := range steps {
		method := st.method
		if method == "" {
			method = http.MethodGet
		}
		got := s.do(method, st.path, st.header...)
		if got.status != st.wantStatus || got.body != st.wantBody {
			s.t.Errorf("%s: %d %q, want %d %q", st.name, got.status, got.body, st.wantStatus, st.wantBody)
		}
		for k, want := range st.wantHeader {
			if v := got.header.Get(k); v != want {
				s.t.Errorf("%s: %s = %q, want %q", st.name, k, v, want)
			}
		}
		if n := s.handled.Load(); n != st.wantHandled {
			s.t.Errorf("%s: the handler ran %d times, want %d", st.name, n, st.wantHandled)
		}
		if n := s.before.Load(); n != int64(i+1) {
			s.t.Errorf("%s: the middleware before the cache ran %d times, want %d", st.name, n, i+1)
		}
	}
}

// okHeader are the headers of a 200 with body.
func okHeader(body string) map[string]string {
	return map[string]string{
		"Content-Type": "application/json", "ETag": etag([]byte(body)), "Content-Length": strconv.Itoa(len(body)),
		"X-Before": "ran", "Cache-Control": "public, max-age=0", "X-Frame-Options": "SAMEORIGIN",
	}
}

// entrySize is what the cache counts for the answer body of respond at path: key, headers
// (Content-Type, ETag, Content-Length) and body.
func entrySize(path, body string) int64 {
	return int64(len(path) + len("Content-Type") + len("application/json") + len("Etag") + len(etag([]byte(body))) +
		len("Content-Length") + len(strconv.Itoa(len(body))) + len(body))
}

// notModifiedHeader are the headers of a 304 for body: the ETag, none of the content's.
func notModifiedHeader(body string) map[string]string {
	return map[string]string{"ETag": etag([]byte(body)), "Content-Type": "", "Content-Length": "", "X-Before": "ran"}
}

func TestHitsAndConditionalRequests(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	path := "/t/profile/" + newProfile(t, "Ada")
	body := `{"name":"Ada"}`
	tag := etag([]byte(body))
	s.run([]step{
		{name: "miss", path: path, wantStatus: 200, wantBody: body, wantHeader: okHeader(body), wantHandled: 1},
		{name: "hit", path: path, wantStatus: 200, wantBody: body, wantHeader: okHeader(body), wantHandled: 1},
		{name: "matching ETag", path: path, header: []string{"If-None-Match", tag},
			wantStatus: 304, wantHeader: notModifiedHeader(body), wantHandled: 1},
		{name: "weak matching ETag in a list", path: path, header: []string{"If-None-Match", `"other", W/` + tag},
			wantStatus: 304, wantHeader: notModifiedHeader(body), wantHandled: 1},
		{name: "any ETag", path: path, header: []string{"If-None-Match", "*"},
			wantStatus: 304, wantHeader: notModifiedHeader(body), wantHandled: 1},
		{name: "another ETag", path: path, header: []string{"If-None-Match", `"other"`},
			wantStatus: 200, wantBody: body, wantHeader: okHeader(body), wantHandled: 1},
	})
	if got, want := s.cache.Stats(), (readcache.Stats{Hits: 5, Misses: 1, Entries: 1, Bytes: entrySize(path, body)}); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
}

// A conditional request that misses (a client whose copy outlived a change, or the cache)
// gets its 304 and fills the cache with the whole answer.
func TestConditionalMissFillsTheCache(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	path := "/t/profile/" + newProfile(t, "Grace")
	body := `{"name":"Grace"}`
	s.run([]step{
		{name: "conditional miss", path: path, header: []string{"If-None-Match", etag([]byte(body))},
			wantStatus: 304, wantHeader: notModifiedHeader(body), wantHandled: 1},
		{name: "hit", path: path, wantStatus: 200, wantBody: body, wantHeader: okHeader(body), wantHandled: 1},
	})
}

// Only the 200 answers of GET requests whose query parses are kept; everything else reaches
// the handler each time and gets its answer unchanged.
func TestOnlyOKAnswersToGETAreKept(t *testing.T) {
	for _, tc := range []struct {
		name       string
		method     string
		path       string
		wantStatus int
		wantBody   string
	}{
		{"not found", "", "/t/status/404", 404, `{"status":404}`},
		{"created", "", "/t/status/201", 201, `{"status":201}`},
		{"an error returned", "", "/t/fail", 400, `{"data":{},"message":"No.","status":400}`},
		{"a panic", "", "/t/panic", 500, `{"data":{},"message":"Something went wrong while processing your request.","status":500}`},
		{"unknown record", "", "/t/profile/nope", 404, `{"data":{},"message":"The requested resource wasn't found.","status":404}`},
		{"POST", http.MethodPost, "/t/echo?a=1", 200, `{"a":["1"]}`},
		{"HEAD", http.MethodHead, "/t/echo?a=1", 200, ""},
		{"a query that does not parse", "", "/t/echo?a=1&b=%zz", 200, `{"a":["1"]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newServer(t, readcache.Config{}, nil)
			st := step{method: tc.method, path: tc.path, wantStatus: tc.wantStatus, wantBody: tc.wantBody}
			first, second := st, st
			first.name, first.wantHandled = "first", 1
			second.name, second.wantHandled = "second", 2
			s.run([]step{first, second})
			if got := s.cache.Stats(); got.Entries != 0 || got.Hits != 0 {
				t.Errorf("stats %+v, want nothing kept", got)
			}
		})
	}
}

// Queries that differ only in the order of their parameters share an answer; the order of
// one parameter's values, or any other difference, makes another one.
func TestQueryKey(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	ab := `{"a":["1"],"b":["2"]}`
	s.run([]step{
		{name: "a, b", path: "/t/echo?a=1&b=2", wantStatus: 200, wantBody: ab, wantHandled: 1},
		{name: "b, a", path: "/t/echo?b=2&a=1", wantStatus: 200, wantBody: ab, wantHandled: 1},
		{name: "encoded differently", path: "/t/echo?%61=1&b=%32", wantStatus: 200, wantBody: ab, wantHandled: 1},
		{name: "a twice", path: "/t/echo?a=1&a=2", wantStatus: 200, wantBody: `{"a":["1","2"]}`, wantHandled: 2},
		{name: "a twice, other order", path: "/t/echo?a=2&a=1", wantStatus: 200, wantBody: `{"a":["2","1"]}`, wantHandled: 3},
		{name: "an empty parameter more", path: "/t/echo?a=1&b=2&c=", wantStatus: 200, wantBody: `{"a":["1"],"b":["2"],"c":[""]}`, wantHandled: 4},
		{name: "no query", path: "/t/echo", wantStatus: 200, wantBody: `{}`, wantHandled: 5},
	})
}

// Requests to one path and query that differ in the middleware's variant have answers of
// their own.
func TestVariantKey(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	s.run([]step{
		{name: "a", path: "/t/variant", header: []string{"X-Variant", "a"}, wantStatus: 200, wantBody: `"a"`, wantHandled: 1},
		{name: "b", path: "/t/variant", header: []string{"X-Variant", "b"}, wantStatus: 200, wantBody: `"b"`, wantHandled: 2},
		{name: "a again", path: "/t/variant", header: []string{"X-Variant", "a"}, wantStatus: 200, wantBody: `"a"`, wantHandled: 2},
		{name: "b again", path: "/t/variant", header: []string{"X-Variant", "b"}, wantStatus: 200, wantBody: `"b"`, wantHandled: 2},
	})
}

// An answer whose computation began before a change is given, but not kept, once an answer
// at the new generation has been.
func TestAnswerComputedAcrossAChangeIsNotKept(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	body := `"computed from the data before the change"`
	// Each run of /t/changing runs two handlers: its own and that of its request to /t/echo.
	for i, wantHandled := range []int64{2, 4} {
		if got := s.get("/t/changing"); got.status != 200 || got.body != body {
			t.Errorf("request %d: %d %q, want 200 %q", i+1, got.status, got.body, body)
		}
		if n := s.handled.Load(); n != wantHandled {
			t.Errorf("request %d: the handlers ran %d times, want %d", i+1, n, wantHandled)
		}
	}
}

// An answer computed at one generation is not served at the next.
func TestNewGenerationIsAMiss(t *testing.T) {
	t.Parallel()
	s := newServer(t, readcache.Config{}, nil)
	body := `{"a":["1"]}`
	s.run([]step{
		{name: "miss", path: "/t/echo?a=1", wantStatus: 200, wantBody: body, wantHandled: 1},
		{name: "hit", path: "/t/echo?a=1", wantStatus: 200, wantBody: body, wantHandled: 1},
	})
	s.gen.Add(1)
	s.before.Store(0)
	s.run([]step{
		{name: "miss at the next generation", path: "/t/echo?a=1", wantStatus: 200, wantBody: body, wantHandled: 2},
		{name: "hit at the next generation", path: "/t/echo?a=1", wantStatus: 200, wantBody: body, wantHandled: 2},
	})
}
