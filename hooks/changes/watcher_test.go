package changes_test

import (
	"fmt"
	"testing"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/vocab"
)

// other is the area a write to area must leave alone.
func other(area string) string {
	if area == changes.Content {
		return changes.Keys
	}
	return changes.Content
}

// A commit through this app moves its area's generation at once, leaves the other area's
// alone, and is not counted a second time by the next check of the table. The cases share one
// app (starting one costs about half a second of CPU under -race) and so run one after the
// other: each writes records of its own and compares generations taken around its own write.
func TestCommitInThisProcessIsSeenAtOnce(t *testing.T) {
	f := newFixture(t)
	for i, tc := range []struct {
		name  string
		area  string
		write func(t *testing.T, app core.App, post, key *core.Record)
	}{
		{"create a post", changes.Content, func(t *testing.T, app core.App, _, _ *core.Record) {
			fixture.CreateRecord(t, app, vocab.Posts, newPost("second"))
		}},
		{"update a post", changes.Content, func(t *testing.T, app core.App, post, _ *core.Record) {
			post.Set("title", "Renamed")
			if err := app.Save(post); err != nil {
				t.Fatal(err)
			}
		}},
		{"delete a post", changes.Content, func(t *testing.T, app core.App, post, _ *core.Record) {
			if err := app.Delete(post); err != nil {
				t.Fatal(err)
			}
		}},
		{"create the profile", changes.Content, func(t *testing.T, app core.App, _, _ *core.Record) {
			fixture.CreateRecord(t, app, vocab.Profile, map[string]any{"name": "Ada"})
		}},
		{"change the Application URL", changes.Content, func(t *testing.T, app core.App, _, _ *core.Record) {
			s := app.Settings()
			s.Meta.AppURL = "https://api.example.com"
			if err := app.Save(s); err != nil {
				t.Fatal(err)
			}
		}},
		{"reload the settings", changes.Content, func(t *testing.T, app core.App, _, _ *core.Record) {
			if err := app.ReloadSettings(); err != nil {
				t.Fatal(err)
			}
		}},
		{"add a field to posts", changes.Content, func(t *testing.T, app core.App, _, _ *core.Record) {
			c, err := app.FindCollectionByNameOrId(vocab.Posts)
			if err != nil {
				t.Fatal(err)
			}
			c.Fields.Add(&core.TextField{Name: "subtitle"})
			if err := app.Save(c); err != nil {
				t.Fatal(err)
			}
		}},
		{"create a key", changes.Keys, func(t *testing.T, app core.App, _, _ *core.Record) {
			fixture.CreateRecord(t, app, vocab.APIKeys, newKey(1))
		}},
		{"switch a key off", changes.Keys, func(t *testing.T, app core.App, _, key *core.Record) {
			key.Set("active", false)
			if err := app.Save(key); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			post := fixture.CreateRecord(t, f.app, vocab.Posts, newPost(fmt.Sprintf("first-%d", i)))
			key := fixture.CreateRecord(t, f.app, vocab.APIKeys, newKey(100+i))
			before := f.gens()

			tc.write(t, f.app, post, key)
			after := f.gens()
			if after[tc.area] == before[tc.area] {
				t.Errorf("%s generation stayed %d after the commit", tc.area, after[tc.area])
			}
			if o := other(tc.area); after[o] != before[o] {
				t.Errorf("%s generation moved from %d to %d", o, before[o], after[o])
			}

			f.advance(changes.CheckInterval)
			if again := f.gens(); again[tc.area] != after[tc.area] {
				t.Errorf("the next check moved the %s generation again, from %d to %d", tc.area, after[tc.area], again[tc.area])
			}
		})
	}
}

// A commit by another process, which runs none of this app's hooks, moves its area's
// generation at the first check after it: not before CheckInterval has passed since the
// previous check (in between, asking costs no query), and not later. The cases share one app,
// one raw connection pool and one second app (each costs about half a second of CPU under
// -race to start) and so run one after the other: each starts with a check of its own and
// writes to records of its own.
func TestCommitByAnotherProcessIsSeenWithinTheInterval(t *testing.T) {
	f := newFixture(t)
	raw, second := f.rawDB(), f.otherApp()
	for i, tc := range []struct {
		name  string
		area  string
		write func(t *testing.T, raw dbx.Builder, second core.App)
	}{
		{"raw SQL inserts a post", changes.Content, func(t *testing.T, raw dbx.Builder, _ core.App) {
			exec(t, raw, `INSERT INTO posts (title, slug, visibility) VALUES ('Raw', 'raw', 'public')`)
		}},
		{"raw SQL updates posts", changes.Content, func(t *testing.T, raw dbx.Builder, _ core.App) {
			exec(t, raw, `UPDATE posts SET title = 'Renamed'`)
		}},
		{"raw SQL deletes posts", changes.Content, func(t *testing.T, raw dbx.Builder, _ core.App) {
			exec(t, raw, `DELETE FROM posts`)
		}},
		{"raw SQL switches keys off", changes.Keys, func(t *testing.T, raw dbx.Builder, _ core.App) {
			exec(t, raw, `UPDATE api_keys SET active = 0`)
		}},
		{"a second app saves a skill", changes.Content, func(t *testing.T, _ dbx.Builder, second core.App) {
			fixture.CreateRecord(t, second, vocab.Skills, map[string]any{"name": "Go"})
		}},
		{"a second app changes the settings", changes.Content, func(t *testing.T, _ dbx.Builder, second core.App) {
			s := second.Settings()
			s.Meta.AppName = "Elsewhere"
			if err := second.Save(s); err != nil {
				t.Fatal(err)
			}
		}},
		{"a second app creates a key", changes.Keys, func(t *testing.T, _ dbx.Builder, second core.App) {
			fixture.CreateRecord(t, second, vocab.APIKeys, newKey(2))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fixture.CreateRecord(t, f.app, vocab.Posts, newPost(fmt.Sprintf("first-%d", i)))
			fixture.CreateRecord(t, f.app, vocab.APIKeys, newKey(100+i))
			f.advance(changes.CheckInterval) // the previous case's last check is due again
			before := f.gens()

			tc.write(t, raw, second)
			f.advance(changes.CheckInterval - 1)
			if got := f.gens(); got[tc.area] != before[tc.area] {
				t.Fatalf("%s generation moved before the check was due", tc.area)
			}
			f.advance(1)
			after := f.gens()
			if after[tc.area] == before[tc.area] {
				t.Errorf("%s generation stayed %d after the check", tc.area, after[tc.area])
			}
			if o := other(tc.area); after[o] != before[o] {
				t.Errorf("%s generation moved from %d to %d", o, before[o], after[o])
			}
		})
	}
}

// A schema change by another process is read into this app's collections before the
// generation that says so is handed out.
func TestSchemaChangeByAnotherProcessIsReloaded(t *testing.T) {
	f := newFixture(t)
	before := f.gens()
	editPosts(func(c *core.Collection) { c.Fields.GetByName("excerpt").SetName("summary") })(t, f.otherApp())
	f.advance(changes.CheckInterval)
	if after := f.gens(); after[changes.Content] == before[changes.Content] {
		t.Fatal("content generation stayed after the check")
	}
	c, err := f.app.FindCachedCollectionByNameOrId(vocab.Posts)
	if err != nil {
		t.Fatal(err)
	}
	if c.Fields.GetByName("summary") == nil || c.Fields.GetByName("excerpt") != nil {
		t.Errorf("this app's posts fields are still %v", c.Fields.FieldNames())
	}
}

// A check that cannot read the table counts as a change of every area, at every check.
func TestFailedCheckCountsAsAChange(t *testing.T) {
	f := newFixture(t)
	before := f.gens()
	exec(t, f.rawDB(), `ALTER TABLE `+changes.Table+` RENAME TO away`)
	for i := range 2 {
		f.advance(changes.CheckInterval)
		after := f.gens()
		for area, g := range after {
			if g == before[area] {
				t.Errorf("check %d: %s generation stayed %d", i+1, area, g)
			}
		}
		before = after
	}
}

// The name is checked before anything is read: the app needs no data directory of its own.
func TestUnknownAreaPanics(t *testing.T) {
	w := changes.Register(core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()}), changes.Config{})
	defer func() {
		if r := recover(); r != "changes: unknown area posts" {
			t.Errorf("recovered %v", r)
		}
	}()
	w.Generation("posts")
}

// Writing a key's last use (the key store does it every minute for the keys in use) is no
// change of the keys; writing a column a key's check reads is.
func TestKeyUseIsNotAChange(t *testing.T) {
	f := newFixture(t)
	fixture.CreateRecord(t, f.app, vocab.APIKeys, newKey(1))
	before := f.gens()
	exec(t, f.rawDB(), `UPDATE api_keys SET last_used_at = '2026-11-21 12:00:00.000Z'`)
	f.advance(changes.CheckInterval)
	if after := f.gens(); after[changes.Keys] != before[changes.Keys] {
		t.Fatalf("keys generation moved from %d to %d on last_used_at", before[changes.Keys], after[changes.Keys])
	}
	exec(t, f.rawDB(), `UPDATE api_keys SET last_used_at = '2026-11-21 12:01:00.000Z', active = 0`)
	f.advance(changes.CheckInterval)
	if after := f.gens(); after[changes.Keys] == before[changes.Keys] {
		t.Fatal("keys generation stayed when active changed")
	}
}
