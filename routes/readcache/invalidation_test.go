package readcache_test

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/readcache"
)

// With the content generation of hooks/changes, a commit in this process is never served
// stale, and a commit by another process at most until the next check.
func TestCommitsInvalidate(t *testing.T) {
	var clock atomic.Int64
	w := changes.Register(app, changes.Config{Now: func() time.Time { return time.Unix(0, clock.Load()) }})
	s := newServer(t, readcache.Config{}, func() uint64 { return w.Generation(changes.Content) })
	id := newProfile(t, "Ada")
	path := "/t/profile/" + id
	s.run([]step{
		{name: "miss", path: path, wantStatus: 200, wantBody: `{"name":"Ada"}`, wantHandled: 1},
		{name: "hit", path: path, wantStatus: 200, wantBody: `{"name":"Ada"}`, wantHandled: 1},
	})

	rec, err := app.FindRecordById(vocab.Profile, id)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("name", "Grace")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	s.before.Store(0)
	s.run([]step{
		{name: "after a commit here", path: path, wantStatus: 200, wantBody: `{"name":"Grace"}`, wantHandled: 2},
		{name: "hit", path: path, wantStatus: 200, wantBody: `{"name":"Grace"}`, wantHandled: 2},
	})

	other, err := core.DefaultDBConnect(filepath.Join(app.DataDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.NewQuery("UPDATE profile SET name = 'Hedy' WHERE id = {:id}").Bind(map[string]any{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	s.before.Store(0)
	s.run([]step{
		{name: "another process's commit, before the check", path: path, wantStatus: 200, wantBody: `{"name":"Grace"}`, wantHandled: 2},
	})
	clock.Add(int64(changes.CheckInterval))
	s.before.Store(0)
	s.run([]step{
		{name: "after the check", path: path, wantStatus: 200, wantBody: `{"name":"Hedy"}`, wantHandled: 3},
	})
}
