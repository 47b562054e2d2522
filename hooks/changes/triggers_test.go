package changes_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/changes"
	"github.com/creator-content-api/server/hooks/vocab"
)

// The migrations give every table of every area exactly the triggers the package makes: none
// is missing (a table added to an area needs a migration) and none differs.
func TestFreshInstallHasEveryTrigger(t *testing.T) {
	f := newFixture(t)
	var got int
	err := f.app.DB().NewQuery(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '\_cca\_gen\_%' ESCAPE '\'`).Row(&got)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, tables := range changes.AreaTables {
		want += 3 * len(tables)
	}
	if got != want {
		t.Errorf("%d triggers, want %d", got, want)
	}
	if n, err := changes.EnsureTriggers(f.app); n != 0 || err != nil {
		t.Errorf("EnsureTriggers on a fresh install made %d triggers (%v), want none", n, err)
	}
}

// Before the migration that creates the generations table (PocketBase's own migrations save
// collections before it runs), the repair says so and makes nothing.
func TestEnsureTriggersNeedsTheMigration(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	if err := app.Bootstrap(); err != nil { // PocketBase's migrations, not ours
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.ClearBootstrap(); err != nil {
			t.Error(err)
		}
	})
	if n, err := changes.EnsureTriggers(app); n != 0 || !errors.Is(err, changes.ErrNotInstalled) {
		t.Errorf("EnsureTriggers = %d, %v; want 0, ErrNotInstalled", n, err)
	}
}

// editPosts changes the posts collection through app.
func editPosts(edit func(c *core.Collection)) func(*testing.T, core.App) {
	return func(t *testing.T, app core.App) {
		t.Helper()
		c, err := app.FindCollectionByNameOrId(vocab.Posts)
		if err != nil {
			t.Fatal(err)
		}
		edit(c)
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
	}
}

// Schema changes made in the dashboard alter a collection's table in place (PocketBase's
// record table sync), so the triggers stay: made here by another process, whose saves run no
// repair, a later write to the table is still seen, and nothing needs recreating. The edits
// run one after the other on one data directory, each on a table whose triggers the previous
// case found whole (starting an app and a second app costs about a second of CPU under -race);
// so each touches fields no earlier edit removed or renamed, and the collection's rename comes
// last.
func TestTriggersSurviveSchemaChanges(t *testing.T) {
	f := newFixture(t)
	raw, second := f.rawDB(), f.otherApp()
	for i, tc := range []struct {
		name  string
		edit  func(*testing.T, core.App)
		table string // the posts table's name after the edit
	}{
		{"add a field", editPosts(func(c *core.Collection) { c.Fields.Add(&core.TextField{Name: "subtitle"}) }), "posts"},
		{"make a select multiple", editPosts(func(c *core.Collection) {
			c.Fields.GetByName("visibility").(*core.SelectField).MaxSelect = 3
		}), "posts"},
		{"add an index", editPosts(func(c *core.Collection) { c.AddIndex("idx_posts_draft", false, "draft", "") }), "posts"},
		{"rename a field", editPosts(func(c *core.Collection) { c.Fields.GetByName("excerpt").SetName("summary") }), "posts"},
		{"remove a field", editPosts(func(c *core.Collection) { c.Fields.RemoveByName("summary") }), "posts"},
		{"rename the collection", editPosts(func(c *core.Collection) { c.Name = "articles" }), "articles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.edit(t, second)
			f.advance(changes.CheckInterval) // the check that sees the edit, before the write
			before := f.gens()
			exec(t, raw, fmt.Sprintf(`INSERT INTO %s (title, slug, visibility) VALUES ('Raw', 'raw-%d', 'public')`, tc.table, i))
			f.advance(changes.CheckInterval)
			if after := f.gens(); after[changes.Content] == before[changes.Content] {
				t.Errorf("a write to %s after the change was not seen", tc.table)
			}
			if n, err := changes.EnsureTriggers(f.app); n != 0 || err != nil {
				t.Errorf("EnsureTriggers made %d triggers (%v), want none", n, err)
			}
		})
	}
}

// recreateSkills deletes the skills collection, with its table and triggers, and creates a
// new one under the same name.
func recreateSkills(t *testing.T, app core.App) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(vocab.Skills)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(c); err != nil {
		t.Fatal(err)
	}
	skills := core.NewBaseCollection(vocab.Skills)
	skills.Fields.Add(&core.TextField{Name: "name"})
	if err := app.Save(skills); err != nil {
		t.Fatal(err)
	}
}

// renameSkillsAway renames the skills collection (its table takes the triggers along) and
// creates a new skills collection, whose table has none.
func renameSkillsAway(t *testing.T, app core.App) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(vocab.Skills)
	if err != nil {
		t.Fatal(err)
	}
	c.Name = "old_skills"
	if err := app.Save(c); err != nil {
		t.Fatal(err)
	}
	skills := core.NewBaseCollection(vocab.Skills)
	skills.Fields.Add(&core.TextField{Name: "name"})
	if err := app.Save(skills); err != nil {
		t.Fatal(err)
	}
}

// A collection of an area made again under its name has a new table without triggers. Made by
// this app, the collection hooks give it its triggers at once; made by another process, its
// writes go unseen until serving starts again here. The cases made here share one app, those
// made by another process another (starting an app costs about half a second of CPU under
// -race): each remakes the skills table the previous case left with its triggers whole, and
// starts its comparisons with a check of its own.
func TestTriggersAreRecreated(t *testing.T) {
	here, elsewhere := newFixture(t), newFixture(t)
	hereDB, elsewhereDB, second := here.rawDB(), elsewhere.rawDB(), elsewhere.otherApp()
	for _, tc := range []struct {
		name       string
		change     func(*testing.T, core.App)
		byOtherApp bool
	}{
		{"recreated here", recreateSkills, false},
		{"renamed away and recreated here", renameSkillsAway, false},
		{"recreated by another process, then serving starts", recreateSkills, true},
		{"renamed away and recreated by another process, then serving starts", renameSkillsAway, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, db := here, hereDB
			if tc.byOtherApp {
				f, db = elsewhere, elsewhereDB
				tc.change(t, second)
				f.advance(changes.CheckInterval) // the check that sees the change, before the write
				before := f.gens()
				exec(t, db, `INSERT INTO skills (name) VALUES ('Go')`)
				f.advance(changes.CheckInterval)
				if after := f.gens(); after[changes.Content] != before[changes.Content] {
					t.Fatal("a write to the new table was seen before serving: the test does not test the repair")
				}
				f.serve()
			} else {
				tc.change(t, f.app)
			}
			if n, err := changes.EnsureTriggers(f.app); n != 0 || err != nil {
				t.Fatalf("EnsureTriggers made %d triggers (%v) after the repair, want none", n, err)
			}
			f.advance(changes.CheckInterval)
			before := f.gens()
			exec(t, db, `INSERT INTO skills (name) VALUES ('Rust')`)
			f.advance(changes.CheckInterval)
			if after := f.gens(); after[changes.Content] == before[changes.Content] {
				t.Error("a write to the new skills table was not seen")
			}
		})
	}
}
