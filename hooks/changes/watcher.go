// Package changes tells cheaply whether stored data changed, whoever changed it: this process,
// a `seed` or `keys` command, a second server on the same data directory, raw SQL.
//
// Each area (Content, Keys, and the schema, whose changes count as Content's) has a counter in
// the table _cca_generations, moved by SQLite triggers on the area's tables in the same
// transaction as the write, so no writer can skip it. A Watcher turns it into a generation per
// area that moves whenever the area's data may have changed: at once when this process
// commits through PocketBase (model hooks on the area's tables), and within CheckInterval for
// any other commit (it reads the table at most that often, lazily, when asked). Between reads,
// asking costs an atomic load.
//
// The migration 1763700290_change_generations.go creates the table and the triggers; serving
// and every collection save recreate triggers a schema change dropped (areas.go says what a
// new table needs).
package changes

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
)

// CheckInterval is how often, at most, a Watcher reads the generations: a commit by another
// process is seen within this interval.
const CheckInterval = 250 * time.Millisecond

// Config is what a Watcher takes from outside.
type Config struct {
	// Now is the clock of the checks; nil means time.Now.
	Now func() time.Time
}

// Watcher hands out the generation of each area.
type Watcher struct {
	app   core.App
	now   func() time.Time
	areas map[string]*area // fixed at Register: read without a lock

	due atomic.Int64 // unix nanoseconds before which the table is not read again

	mu      sync.Mutex // one read of the table at a time; guards area.seen and failing
	failing bool       // the last read failed (logged once per failure streak)
}

type area struct {
	gen  atomic.Uint64
	seen int64 // the area's n at the last read; -1 before the first
}

// Register returns the Watcher of app and binds its hooks: in-process commits to the areas'
// tables, settings reloads, and the trigger repairs when serving starts (which fails if they
// cannot be made) and after each collection save.
func Register(app core.App, cfg Config) *Watcher {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	w := &Watcher{app: app, now: cfg.Now, areas: map[string]*area{}}
	areaOf := map[string]string{} // table -> area
	for name, tables := range areaTables {
		w.areas[name] = &area{seen: -1}
		for _, table := range tables {
			areaOf[table] = name
		}
	}
	changed := &hook.Handler[*core.ModelEvent]{
		Id: hookorder.ChangesGeneration, Priority: hookorder.ChangesGenerationPriority,
		Func: func(e *core.ModelEvent) error {
			if name, ok := areaOf[e.Model.TableName()]; ok {
				w.Changed(name)
			}
			return e.Next()
		}}
	tables := slices.Sorted(maps.Keys(areaOf))
	app.OnModelAfterCreateSuccess(tables...).Bind(changed)
	app.OnModelAfterUpdateSuccess(tables...).Bind(changed)
	app.OnModelAfterDeleteSuccess(tables...).Bind(changed)
	// PocketBase reloads its settings some 50 ms after another process saved them: what is
	// computed from them moves to a new generation once they are in.
	app.OnSettingsReload().Bind(&hook.Handler[*core.SettingsReloadEvent]{
		Id: hookorder.ChangesSettings, Priority: hookorder.ChangesSettingsPriority,
		Func: func(e *core.SettingsReloadEvent) error {
			err := e.Next()
			w.areas[Content].gen.Add(1)
			return err
		}})
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		n, err := ensureTriggers(e.App)
		if err != nil {
			return fmt.Errorf("the change triggers: %w", err)
		}
		if n > 0 {
			e.App.Logger().Warn("recreated change triggers that were missing", "count", n)
		}
		return e.Next()
	})
	repair := &hook.Handler[*core.CollectionEvent]{
		Id: hookorder.ChangesTriggers, Priority: hookorder.ChangesTriggersPriority,
		Func: func(e *core.CollectionEvent) error {
			if _, err := ensureTriggers(e.App); err != nil && !errors.Is(err, errNotInstalled) {
				e.App.Logger().Error("recreating change triggers after a collection save", "collection", e.Collection.Name, "error", err)
			}
			return e.Next()
		}}
	app.OnCollectionAfterCreateSuccess().Bind(repair)
	app.OnCollectionAfterUpdateSuccess().Bind(repair)
	return w
}

// Generation is the current generation of the named area (Content, Keys): a value that differs
// from an earlier one whenever the area's data may have changed in between. Anything computed
// from the area's data at generation g is current as long as Generation returns g.
func (w *Watcher) Generation(name string) uint64 {
	a := w.area(name)
	if now := w.now().UnixNano(); now >= w.due.Load() && w.mu.TryLock() {
		// Another caller holding the lock is reading right now; its answer is as fresh.
		if now >= w.due.Load() {
			w.due.Store(now + int64(CheckInterval))
			w.readLocked()
		}
		w.mu.Unlock()
	}
	return a.gen.Load()
}

// Changed moves the named area's generation at once: this process committed a change to it.
// The model hooks call it; a writer in this process that bypasses them (raw SQL) may too, to
// be seen before the next check.
func (w *Watcher) Changed(name string) {
	a := w.area(name)
	w.mu.Lock()
	defer w.mu.Unlock()
	before := a.gen.Load()
	// Reading now takes this commit's move of n into account, so the next check does not move
	// the generation a second time for it.
	w.readLocked()
	if a.gen.Load() == before {
		w.moveLocked(name)
	}
}

func (w *Watcher) area(name string) *area {
	a, ok := w.areas[name]
	if !ok {
		panic("changes: unknown area " + name)
	}
	return a
}

// readLocked moves the generation of each area whose n changed since the last read. A read
// that fails moves every generation: a broken check costs cache hits, never stale answers.
func (w *Watcher) readLocked() {
	var rows []struct {
		Area string `db:"area"`
		N    int64  `db:"n"`
	}
	if err := w.app.DB().Select("area", "n").From(Table).All(&rows); err != nil {
		for name := range w.areas {
			w.moveLocked(name)
		}
		// Before the table's migration has run (PocketBase's own migrations save collections
		// first, on a fresh data directory) the table is missing as it should be.
		if !w.failing && w.app.HasTable(Table) {
			w.app.Logger().Warn("reading the change generations; every read counts as a change until it works", "error", err)
		}
		w.failing = true
		return
	}
	w.failing = false
	n := make(map[string]int64, len(rows))
	for _, r := range rows {
		n[r.Area] = r.N
	}
	var moved []string
	for name, a := range w.areas {
		if n[name] != a.seen {
			a.seen = n[name]
			moved = append(moved, name)
		}
	}
	for _, name := range moved {
		w.moveLocked(name)
	}
}

// moveLocked moves the named area's generation. A schema change moves Content's too, once
// the collections are read again (the settings: see Register).
func (w *Watcher) moveLocked(name string) {
	if name == schema {
		if err := w.app.ReloadCachedCollections(); err != nil {
			w.app.Logger().Error("reloading the collections after a change", "error", err)
		}
		w.areas[Content].gen.Add(1)
	}
	w.areas[name].gen.Add(1)
}
