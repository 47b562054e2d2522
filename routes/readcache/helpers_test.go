package readcache_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/creator-content-api/server/routes/readcache"
)

// app is one app on a fresh, migrated data directory (the harness's template: migrating
// costs seconds under -race), shared by the tests: each builds a router of its own on it, and
// reads records of its own.
var app *tests.TestApp

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cca_readcache_*")
	if err == nil {
		err = fixture.WriteMigratedDataDir(dir)
	}
	if err == nil {
		app, err = tests.NewTestApp(dir) // starts on a copy of dir
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	app.Cleanup()
	os.RemoveAll(dir)
	os.Exit(code)
}

// server serves test routes under /t through PocketBase's router on app, the cache last.
type server struct {
	t       *testing.T
	url     string
	cache   *readcache.Cache
	gen     atomic.Uint64 // the generation, unless the test gives its own
	handled atomic.Int64  // handler runs
	before  atomic.Int64  // runs of the middleware bound after the cache
}

// newServer starts a server with a cache bounded by cfg, whose generation is generation, or
// the server's own gen when nil.
func newServer(t *testing.T, cfg readcache.Config, generation func() uint64) *server {
	t.Helper()
	cache, err := readcache.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cache: cache}
	if generation == nil {
		generation = s.gen.Load
	}
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	g := r.Group("/t")
	// Bound first, the cache still runs after the middleware bound next: its priority.
	g.Bind(cache.Middleware(generation, variant))
	g.BindFunc(func(e *core.RequestEvent) error {
		s.before.Add(1)
		e.Response.Header().Set("X-Before", "ran")
		e.Response.Header().Set("Cache-Control", "public, max-age=0")
		return e.Next()
	})
	g.GET("/profile/{id}", s.counted(profile))
	g.GET("/echo", s.counted(echo))
	g.GET("/variant", s.counted(func(e *core.RequestEvent) error { return respond(e, variant(e)) }))
	g.POST("/echo", s.counted(echo))
	g.GET("/status/{code}", s.counted(status))
	g.GET("/fail", s.counted(func(e *core.RequestEvent) error { return e.BadRequestError("no", nil) }))
	g.GET("/bytes/{n}", s.counted(zeros))
	g.GET("/panic", s.counted(func(*core.RequestEvent) error { panic("handler bug") }))
	g.GET("/changing", s.counted(s.changing))
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	s.url = ts.URL
	return s
}

func (s *server) counted(h func(*core.RequestEvent) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		s.handled.Add(1)
		return h(e)
	}
}

// profile answers the name of a profile record, as the API's handlers answer: JSON, a strong
// ETag of the bytes, 304 when If-None-Match matches it.
func profile(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById("profile", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("", err)
	}
	return respond(e, map[string]any{"name": rec.GetString("name")})
}

// changing answers while the data changes under it: the generation moves, and another
// request, at the new generation, is answered before it.
func (s *server) changing(e *core.RequestEvent) error {
	s.gen.Add(1)
	if got := s.get("/t/echo?during=1"); got.status != http.StatusOK {
		return fmt.Errorf("the request made meanwhile: %d", got.status)
	}
	return respond(e, "computed from the data before the change")
}

// variant is what else of a request the test answers depend on: its X-Variant header (as the
// API's depend on the origin of their file URLs).
func variant(e *core.RequestEvent) string { return e.Request.Header.Get("X-Variant") }

// echo answers the query's parameters.
func echo(e *core.RequestEvent) error { return respond(e, e.Request.URL.Query()) }

// status answers the path's status with a body.
func status(e *core.RequestEvent) error {
	code, err := strconv.Atoi(e.Request.PathValue("code"))
	if err != nil {
		return err
	}
	return e.JSON(code, map[string]any{"status": code})
}

// zeros answers n zeros.
func zeros(e *core.RequestEvent) error {
	n, err := strconv.Atoi(e.Request.PathValue("n"))
	if err != nil {
		return err
	}
	return respond(e, strings.Repeat("0", n))
}

func respond(e *core.RequestEvent, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tag := etag(b)
	e.Response.Header().Set("ETag", tag)
	if readcache.NotModified(e.Request.Header.Get("If-None-Match"), tag) {
		return e.NoContent(http.StatusNotModified)
	}
	return e.Blob(http.StatusOK, "application/json", b)
}

func etag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

// response is what a client got.
type response struct {
	status int
	header http.Header
	body   string
}

// do sends a request with headers (name, value, name, value…).
func (s *server) do(method, path string, headers ...string) response {
	s.t.Helper()
	req, err := http.NewRequest(method, s.url+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return response{status: res.StatusCode, header: res.Header, body: string(body)}
}

func (s *server) get(path string, headers ...string) response {
	s.t.Helper()
	return s.do(http.MethodGet, path, headers...)
}

// newProfile creates a profile record named name and returns its id.
func newProfile(t *testing.T, name string) string {
	t.Helper()
	return fixture.CreateRecord(t, app, "profile", map[string]any{"name": name}).Id
}
