// Package apitest starts the whole app on a temporary data directory for tests and calls its
// HTTP API as a client would: through PocketBase's router with every middleware, ours and
// PocketBase's, in place, wired by routes.Mount as main.go wires it. It is the test support of
// every package (routes, hooks, pb_public/contract), so it sits at the top level, as
// PocketBase's own tests package does.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/maintenance"
	"github.com/creator-content-api/server/hooks/newsletter/sends"
	"github.com/creator-content-api/server/hooks/previews"
	"github.com/creator-content-api/server/hooks/revisions"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/pb_public/contract"
	"github.com/creator-content-api/server/routes"
)

// Epoch is where every harness clock starts.
var Epoch = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// Options change the app a harness starts.
type Options struct {
	// RateLimits, when set, replaces the harness's default of no rate limiting.
	RateLimits *routes.RateLimits
	// Config, when set, changes the routes' configuration further.
	Config func(*routes.Config)
	// Router, when set, runs as an OnServe hook bound after routes.Register, as one of
	// main.go's would: it may unbind or replace the API's middleware by id.
	Router func(*router.Router[*core.RequestEvent])
	// DataDir, when set, starts the app on a copy of this data directory instead of an empty
	// one (as after a restart or a crash of the app that used it).
	DataDir string
	// Hooks, when set, adjusts the hooks' configuration (its clock is always the harness's).
	Hooks func(*hooks.Config)
}

// Harness is a running app.
type Harness struct {
	t     testing.TB
	App   *tests.TestApp
	API   *routes.API
	Clock *Clock
	// Webhooks drives the webhook dispatcher (RunDue, Prune).
	Webhooks *webhooks.Service
	// Publish drives the publish job (RunDue).
	Publish *content.PublishJob
	// Revisions lists, restores and prunes revisions (Prune).
	Revisions *revisions.Service
	// Previews makes and prunes preview links.
	Previews *previews.Service
	// Newsletter runs the newsletter's sends (RunPending, with Options.Hooks setting Manual).
	Newsletter *sends.Service
	// Changes hands out the generations the read and key caches compare (on Clock: another
	// process's commit is seen once the clock has moved changes.CheckInterval).
	Changes *changes.Watcher
	handler http.Handler
}

// New starts the app on a fresh temporary data directory, with all migrations applied.
func New(t testing.TB, opts Options) *Harness {
	t.Helper()
	dir := opts.DataDir
	if dir == "" {
		dir = t.TempDir()
		if err := fixture.WriteMigratedDataDir(dir); err != nil {
			t.Fatal(err)
		}
	}
	// The connections main.go opens: the same page cache (maintenance.DBConnect).
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env", DBConnect: maintenance.DBConnect})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	h := &Harness{t: t, App: app, Clock: NewClock(Epoch)}
	hcfg := hooks.Config{}
	if opts.Hooks != nil {
		opts.Hooks(&hcfg)
	}
	hcfg.Now = h.Clock.Now
	// Both protections are switched off by name here, the one place for all tests: requests
	// come from 203.0.113.1 over plain HTTP, and most tests send more than a tier's burst. The
	// tests of the protections switch them back on (Options.RateLimits, Options.Config).
	cfg := routes.Config{Now: h.Clock.Now, RateLimits: routes.RateLimits{Off: true}, AllowPlainHTTP: true}
	if opts.RateLimits != nil {
		cfg.RateLimits = *opts.RateLimits
	}
	if opts.Config != nil {
		opts.Config(&cfg)
	}
	bound, api, err := routes.Mount(app, hcfg, cfg) // as main.go wires the app
	if err != nil {
		t.Fatal(err)
	}
	h.API = api
	h.Webhooks, h.Publish, h.Changes, h.Revisions, h.Previews = bound.Webhooks, bound.Publish, bound.Changes, bound.Revisions, bound.Previews
	h.Newsletter = bound.Newsletter
	if opts.Router != nil {
		app.OnServe().BindFunc(func(se *core.ServeEvent) error {
			opts.Router(se.Router)
			return se.Next()
		})
	}
	h.handler = buildHandler(t, app)
	// Serving starts PocketBase's cron ticker; its jobs would run at real minute boundaries,
	// in the middle of whatever a test is doing. Tests call the jobs' functions themselves.
	app.Cron().Stop()
	return h
}

// For returns the same running app reporting to t instead of the test that started it. A
// fuzz target starts one harness with its *testing.F before f.Fuzz and calls it with each
// input's *testing.T: the testing package forbids F's methods inside the fuzz function.
func (h *Harness) For(t testing.TB) *Harness {
	c := *h
	c.t = t
	return &c
}

// buildHandler does what `serve` does to the router, without a listening socket.
func buildHandler(t testing.TB, app core.App) http.Handler {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r, Server: &http.Server{}}
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		handler, err := e.Router.BuildMux()
		e.Server.Handler = handler
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return se.Server.Handler
}

// NewServer serves the app on a real loopback listener until the test ends, for clients that
// need a connection of their own (an event stream held open while other requests go on).
func (h *Harness) NewServer() *httptest.Server {
	srv := httptest.NewServer(h.handler)
	h.t.Cleanup(srv.Close)
	return srv
}

// Request is one call to the API.
type Request struct {
	Method  string
	Path    string
	Body    any // string, []byte and io.Reader are sent as they are, anything else as JSON
	Headers map[string]string
	// RemoteAddr is the client's address; empty means 203.0.113.1.
	RemoteAddr string
	// Context, when set, is the request's context (one already cancelled: a client that has
	// left, for a stream that would otherwise stay open).
	Context context.Context
}

// Response is the API's answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Do sends r through the router and returns the response.
func (h *Harness) Do(r Request) *Response {
	h.t.Helper()
	return h.Serve(h.NewRequest(r))
}

// NewRequest builds the *http.Request that Do sends for r, for a caller that changes it
// further (TLS state, repeated header lines) before Serve.
func (h *Harness) NewRequest(r Request) *http.Request {
	h.t.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	case io.Reader:
		body = b
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		body = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(r.Method, r.Path, body)
	if r.Context != nil {
		req = req.WithContext(r.Context)
	}
	req.RemoteAddr = "203.0.113.1:40000"
	if r.RemoteAddr != "" {
		req.RemoteAddr = r.RemoteAddr
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	return req
}

// Serve sends a request built by the caller (for TLS state or odd headers) through the router.
func (h *Harness) Serve(req *http.Request) *Response {
	h.t.Helper()
	sent := contract.Request{Method: req.Method, Path: req.URL.Path, Query: req.URL.Query()}
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			h.t.Fatal(err)
		}
		sent.Body = body
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	rec := httptest.NewRecorder()
	h.handler.ServeHTTP(rec, req)
	res := &Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	h.checkContract(sent, res)
	return res
}

// Get is Do for a GET with an API key (empty: none).
func (h *Harness) Get(path, key string) *Response {
	h.t.Helper()
	return h.Do(Request{Method: http.MethodGet, Path: path, Headers: Bearer(key)})
}

// Bearer is the Authorization header of key, or none for "".
func Bearer(key string) map[string]string {
	if key == "" {
		return map[string]string{}
	}
	return map[string]string{"Authorization": "Bearer " + key}
}

// JSON decodes the body into a generic value.
func (r *Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, r.Body)
	}
	return v
}

// ErrorCode is the envelope's error.code, or "" when the body is not an envelope.
func (r *Response) ErrorCode() string {
	var env struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &env)
	return env.Error.Code
}

// SuperuserToken creates the owner (a superuser) and returns an auth token for the admin API.
func (h *Harness) SuperuserToken() string {
	h.t.Helper()
	col, err := h.App.FindCachedCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		h.t.Fatal(err)
	}
	su := core.NewRecord(col)
	su.SetEmail("owner@example.com")
	su.SetPassword("correct horse battery staple")
	if err := h.App.Save(su); err != nil {
		h.t.Fatal(err)
	}
	tok, err := su.NewAuthToken()
	if err != nil {
		h.t.Fatal(err)
	}
	return tok
}

// CreateKey stores a key with the given scopes and returns its full secret and id.
func (h *Harness) CreateKey(scopes ...string) (secret, id string) {
	h.t.Helper()
	return h.CreateKeyWith(keys.Fields{Scopes: &scopes})
}

// CreateKeyWith stores a key with f (name defaults to "test key") and returns its secret and id.
func (h *Harness) CreateKeyWith(f keys.Fields) (secret, id string) {
	h.t.Helper()
	if f.Name == nil {
		name := "test key"
		f.Name = &name
	}
	rec, secret, err := keys.Create(h.App, f)
	if err != nil {
		h.t.Fatal(err)
	}
	return secret, rec.Id
}

// AllowPrivateWebhooks sets site_settings.webhooks_allow_private, so webhooks may point at
// http://127.0.0.1 receivers (httptest servers).
func (h *Harness) AllowPrivateWebhooks(allow bool) {
	h.t.Helper()
	recs, err := h.App.FindAllRecords(vocab.SiteSettings)
	if err != nil || len(recs) == 0 {
		h.t.Fatalf("site settings: %v (%d records)", err, len(recs))
	}
	recs[0].Set("webhooks_allow_private", allow)
	if err := h.App.Save(recs[0]); err != nil {
		h.t.Fatal(err)
	}
}

// SaveRecord creates a record of collection with fields through app.Save, so every hook runs
// as for a dashboard edit. "created" and "updated" may be given: an autodate field keeps a
// value preset with SetRaw.
func (h *Harness) SaveRecord(collection string, fields map[string]any) *core.Record {
	h.t.Helper()
	return fixture.CreateRecord(h.t, h.App, collection, fields)
}
