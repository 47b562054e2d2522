package requestlog_test

import (
	"cmp"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/routes/requestlog"
)

// newHarness starts the app with a request log of cfg.
func newHarness(t *testing.T, cfg requestlog.Config, opts ...func(*apitest.Options)) *apitest.Harness {
	t.Helper()
	o := apitest.Options{Config: func(c *routes.Config) { c.RequestLog = cfg }}
	for _, f := range opts {
		f(&o)
	}
	h := apitest.New(t, o)
	h.App.Settings().Logs.MaxDays = 5 // the test app keeps no logs
	return h
}

// flush waits for the writer to store every queued row.
func flush(t testing.TB, h *apitest.Harness) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := h.API.RequestLog().Flush(ctx); err != nil {
		t.Fatal(err)
	}
}

// requestRows are the request log's rows whose URL starts with prefix.
func requestRows(t testing.TB, h *apitest.Harness, prefix string) []*core.Log {
	t.Helper()
	var rows []*core.Log
	err := h.App.LogQuery().
		AndWhere(dbx.NewExp("json_extract(data, '$.type') = 'request'")).
		AndWhere(dbx.Like("json_extract(data, '$.url')", prefix).Match(false, true)).
		All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestPolicy: which requests get a row, under each read policy. The cases of a policy share
// its app, one after the other: each counts the rows and the log's stats it added.
func TestPolicy(t *testing.T) {
	t.Parallel()
	post := map[string]any{"title": "Logged", "content": "<p>x</p>", "draft": true, "visibility": "public"}
	type auth int
	const (
		anonymous auth = iota
		withKey
		asOwner
	)
	type call struct {
		scenario apitest.Scenario
		auth     auth
		logged   bool
	}
	policies := []struct {
		reads string
		calls []call
	}{
		{"none", []call{
			{apitest.Scenario{Name: "a read", Path: "/api/v1/posts", ExpectedStatus: 200}, withKey, false},
			{apitest.Scenario{Name: "a refused read", Path: "/api/v1/posts", ExpectedStatus: 401, ExpectedCode: "unauthorized"}, anonymous, true},
			{apitest.Scenario{Name: "an unknown path", Path: "/api/v1/nothing", ExpectedStatus: 404, ExpectedCode: "not_found"}, withKey, true},
			{apitest.Scenario{Name: "a write", Method: http.MethodPost, Path: "/api/v1/posts", Body: post, ExpectedStatus: 201}, withKey, true},
			{apitest.Scenario{Name: "an owner read", Path: "/api/admin/api-keys", ExpectedStatus: 200}, asOwner, true},
			{apitest.Scenario{Name: "a dashboard read", Path: "/api/collections/posts/records", ExpectedStatus: 200}, asOwner, true},
			{apitest.Scenario{Name: "PocketBase's health", Path: "/api/health", ExpectedStatus: 200}, anonymous, false},
		}},
		{"all", []call{
			{apitest.Scenario{Name: "a read", Path: "/api/v1/posts", ExpectedStatus: 200}, withKey, true},
			{apitest.Scenario{Name: "PocketBase's health", Path: "/api/health", ExpectedStatus: 200}, anonymous, true},
		}},
	}
	for _, p := range policies {
		t.Run("reads "+p.reads, func(t *testing.T) {
			t.Parallel()
			reads, err := requestlog.ParseReadPolicy(p.reads)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, requestlog.Config{Reads: reads})
			secret, _ := h.CreateKey("read", "write")
			headers := map[auth]map[string]string{anonymous: nil, withKey: apitest.Bearer(secret),
				asOwner: {"Authorization": h.SuperuserToken()}}
			for _, c := range p.calls {
				s := c.scenario
				s.Headers = headers[c.auth]
				method := cmp.Or(s.Method, http.MethodGet)
				rowsBefore, statsBefore := len(requestRows(t, h, s.Path)), h.API.RequestLog().Stats()
				s.After = func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
					flush(t, h)
					rows := requestRows(t, h, s.Path)
					if got := len(rows) - rowsBefore; got != map[bool]int{false: 0, true: 1}[c.logged] {
						t.Fatalf("%d rows more for %s, want logged=%v", got, s.Path, c.logged)
					}
					stats := h.API.RequestLog().Stats()
					if stats.Served-statsBefore.Served != 1 || stats.Logged+stats.SampledOut-statsBefore.Logged-statsBefore.SampledOut != 1 || stats.Dropped != 0 {
						t.Errorf("stats %+v after %+v, want 1 more served and nothing dropped", stats, statsBefore)
					}
					if c.logged {
						row := rows[len(rows)-1]
						if got := row.Data["status"]; got != float64(s.ExpectedStatus) {
							t.Errorf("status %v, want %d", got, s.ExpectedStatus)
						}
						if got := row.Message; got != method+" "+s.Path {
							t.Errorf("message %q", got)
						}
					}
				}
				s.Test(t, h)
			}
		})
	}
}

// TestSkipSuccessActivityLog: a route that asks PocketBase's way (apis.SkipSuccessActivityLog)
// gets no row for its successes, whatever the read policy.
func TestSkipSuccessActivityLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, requestlog.Config{Reads: mustPolicy(t, "all")}, func(o *apitest.Options) {
		o.Router = func(r *router.Router[*core.RequestEvent]) {
			r.POST("/quiet", func(e *core.RequestEvent) error { return e.NoContent(http.StatusNoContent) }).
				Bind(apis.SkipSuccessActivityLog())
		}
	})
	if res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/quiet"}); res.Status != http.StatusNoContent {
		t.Fatalf("status %d", res.Status)
	}
	flush(t, h)
	if rows := requestRows(t, h, "/quiet"); len(rows) != 0 {
		t.Fatalf("%d rows, want none", len(rows))
	}
}

// TestFullQueueDrops holds auxiliary.db's writer so the log's writer cannot store: the queue
// fills, the rows past it are dropped and counted, requests are answered all the same, and
// every row taken is stored once the writer is free.
func TestFullQueueDrops(t *testing.T) {
	t.Parallel()
	// The writer takes up to a batch before it waits for auxiliary.db; past that and the
	// queue, every row is dropped.
	const queue, requests = 4, requestlog.MaxBatch + 100
	h := newHarness(t, requestlog.Config{QueueSize: queue, ClientErrorRows: requests}) // one client: no cap in the way

	holding, release, released := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		released <- h.App.AuxRunInTransaction(func(core.App) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	for range requests {
		if res := h.Get("/api/v1/posts", ""); res.Status != http.StatusUnauthorized {
			t.Fatalf("status %d", res.Status)
		}
	}
	stats := h.API.RequestLog().Stats()
	close(release)
	if err := <-released; err != nil {
		t.Fatal(err)
	}
	if stats.Logged+stats.Dropped != requests || stats.Logged > requestlog.MaxBatch+queue || stats.Queued > queue {
		t.Fatalf("stats %+v: want %d logged or dropped, at most %d logged", stats, requests, requestlog.MaxBatch+queue)
	}
	flush(t, h)
	if rows := requestRows(t, h, "/api/v1/posts"); uint64(len(rows)) != stats.Logged {
		t.Fatalf("%d rows stored, want the %d logged", len(rows), stats.Logged)
	}
}

// TestSizeBound fills auxiliary.db past its bound; the minute's job deletes the oldest rows
// and keeps the newest.
func TestSizeBound(t *testing.T) {
	t.Parallel()
	const bound = 1 << 20
	const requests = 2500                                                                 // rows of texts cut to their bounds and index: past the bound, as far as it takes
	h := newHarness(t, requestlog.Config{MaxBytes: bound, ClientErrorRows: requests + 1}) // one client: no cap in the way
	padding := strings.Repeat("x", 1900)
	for i := range requests {
		path := "/api/v1/nothing/" + padding[:4] + string(rune('a'+i%26))
		h.Do(apitest.Request{Method: http.MethodGet, Path: path, Headers: map[string]string{"User-Agent": padding}})
	}
	h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/newest", Headers: map[string]string{"User-Agent": padding}})
	flush(t, h)
	// The job also logs its summary line, through PocketBase's logger (which writes when it
	// will), and so may PocketBase: only the rows up to the last one there now are counted.
	var last int64
	if err := h.App.AuxDB().NewQuery("SELECT MAX(rowid) FROM _logs").Row(&last); err != nil {
		t.Fatal(err)
	}
	before := countRowsUpTo(t, h, last)
	runJob(t, h, requestlog.SummaryJobID)

	after := countRowsUpTo(t, h, last)
	if after >= before || after == 0 {
		t.Fatalf("%d rows before the job, %d after: want fewer, not none", before, after)
	}
	if got := h.API.RequestLog().Stats().Pruned; got != uint64(before-after) {
		t.Errorf("Pruned %d, want %d", got, before-after)
	}
	var used int64
	if err := h.App.AuxDB().NewQuery("SELECT (p.page_count - f.freelist_count) * s.page_size FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s").Row(&used); err != nil {
		t.Fatal(err)
	}
	if used > bound {
		t.Errorf("auxiliary.db uses %d bytes, over its bound %d", used, bound)
	}
	if rows := requestRows(t, h, "/api/v1/newest"); len(rows) != 1 {
		t.Errorf("the newest row is gone")
	}
}

// TestKeysRedacted: a key in the body reaches the error's cause, and not the row (the rows go
// through keys.BindLogRedaction as PocketBase stores them).
func TestKeysRedacted(t *testing.T) {
	t.Parallel()
	h := newHarness(t, requestlog.Config{})
	secret, _ := h.CreateKey("read", "write")
	leaked := "svc_live_" + strings.Repeat("A", 40)
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(secret),
		Body: `{"title":"x","` + leaked + `":1}`})
	if res.Status != http.StatusBadRequest {
		t.Fatalf("status %d: %s", res.Status, res.Body)
	}
	flush(t, h)
	rows := requestRows(t, h, "/api/v1/posts")
	if len(rows) != 1 {
		t.Fatalf("%d rows", len(rows))
	}
	raw, err := rows[0].Data.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw)+rows[0].Message, strings.TrimPrefix(leaked, "svc_live_")) {
		t.Fatalf("the row holds the key: %s", raw)
	}
}

// countRowsUpTo counts the rows of _logs whose rowid is at most last.
func countRowsUpTo(t testing.TB, h *apitest.Harness, last int64) int64 {
	t.Helper()
	var n int64
	if err := h.App.AuxDB().NewQuery("SELECT COUNT(*) FROM _logs WHERE rowid <= {:last}").Bind(dbx.Params{"last": last}).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func runJob(t testing.TB, h *apitest.Harness, id string) {
	t.Helper()
	for _, j := range h.App.Cron().Jobs() {
		if j.Id() == id {
			j.Run()
			return
		}
	}
	t.Fatalf("no cron job %s", id)
}

func mustPolicy(t testing.TB, s string) requestlog.ReadPolicy {
	t.Helper()
	p, err := requestlog.ParseReadPolicy(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// requestRowsOfType are the log's rows whose data's type is typ.
func requestRowsOfType(t testing.TB, h *apitest.Harness, typ string) []*core.Log {
	t.Helper()
	var rows []*core.Log
	if err := h.App.LogQuery().AndWhere(dbx.NewExp("json_extract(data, '$.type') = {:type}", dbx.Params{"type": typ})).All(&rows); err != nil {
		t.Fatal(err)
	}
	return rows
}
