package requestlog

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Past highWater of its bound, auxiliary.db loses its oldest rows until it is back to lowWater:
// the gap keeps a busy log from pruning after every check.
const (
	highWater = 0.9
	lowWater  = 0.7
)

// pruneChunk is the most rows one delete takes, so a prune never holds auxiliary.db's writer
// (or grows its WAL) for long.
const pruneChunk = 10000

// sizeBound keeps the pages auxiliary.db uses under max by deleting the oldest rows of _logs
// (the rowid order is the order rows were written). Freed pages are reused by the rows that
// follow, so the file stops growing at about max.
type sizeBound struct {
	app    core.App
	max    int64
	mu     sync.Mutex // one prune at a time (the writer's and the minute's)
	pruned atomic.Uint64
}

// auxSize is what auxiliary.db's file holds and how much of it is in use.
type auxSize struct {
	File, Used int64
}

func (b *sizeBound) measure() (auxSize, error) {
	var row struct {
		Pages    int64 `db:"pages"`
		Free     int64 `db:"free"`
		PageSize int64 `db:"page_size"`
	}
	err := b.app.AuxNonconcurrentDB().NewQuery(
		"SELECT p.page_count AS pages, f.freelist_count AS free, s.page_size AS page_size " +
			"FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s").One(&row)
	if err != nil {
		return auxSize{}, err
	}
	return auxSize{File: row.Pages * row.PageSize, Used: (row.Pages - row.Free) * row.PageSize}, nil
}

// keep prunes the oldest rows when auxiliary.db uses more than highWater of its bound, and
// reports how many it deleted. A file left far larger than the bound (by an older release,
// which kept logs by days only) is vacuumed once it is mostly free pages.
func (b *sizeBound) keep() (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	size, err := b.measure()
	if err != nil {
		return 0, fmt.Errorf("measuring auxiliary.db: %w", err)
	}
	var deleted int64
	if float64(size.Used) > highWater*float64(b.max) {
		if deleted, err = b.prune(size.Used, int64(lowWater*float64(b.max))); err != nil {
			return deleted, err
		}
		if size, err = b.measure(); err != nil {
			return deleted, fmt.Errorf("measuring auxiliary.db: %w", err)
		}
	}
	if size.File > b.max && size.Used < size.File/2 {
		if err := b.app.AuxVacuum(); err != nil {
			return deleted, fmt.Errorf("vacuuming auxiliary.db: %w", err)
		}
	}
	return deleted, nil
}

// prune deletes the oldest rows, a chunk at a time, in the share that brings used to target.
func (b *sizeBound) prune(used, target int64) (int64, error) {
	db := b.app.AuxNonconcurrentDB()
	var rows int64
	if err := db.NewQuery("SELECT COUNT(*) FROM {{_logs}}").Row(&rows); err != nil {
		return 0, err
	}
	toDelete := rows - rows*target/used
	var deleted int64
	for deleted < toDelete {
		n := min(toDelete-deleted, pruneChunk)
		res, err := db.NewQuery("DELETE FROM {{_logs}} WHERE rowid IN (SELECT rowid FROM {{_logs}} ORDER BY rowid LIMIT {:n})").
			Bind(dbx.Params{"n": n}).Execute()
		if err != nil {
			return deleted, err
		}
		affected, err := res.RowsAffected()
		if err != nil {
			return deleted, err
		}
		deleted += affected
		b.pruned.Add(uint64(affected))
		if affected < n {
			break
		}
	}
	return deleted, nil
}
