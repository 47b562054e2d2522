package readcache

import (
	"fmt"
	"log/slog"

	"github.com/pocketbase/pocketbase/core"
)

// statsJobID is the cron job of BindStatsLog.
const statsJobID = "ccaReadCacheStats"

// BindStatsLog logs the cache's figures every minute in which it was used (a cron job of app,
// which runs while serving).
func (c *Cache) BindStatsLog(app core.App) {
	app.Cron().MustAdd(statsJobID, "* * * * *", func() { c.LogStats(app.Logger()) })
}

// LogStats logs one line with the hits, misses, hit rate and evictions since the previous
// line, and what the cache holds; nothing when there was no request since.
func (c *Cache) LogStats(logger *slog.Logger) {
	c.logMu.Lock()
	defer c.logMu.Unlock()
	now := c.Stats()
	hits, misses := now.Hits-c.logged.Hits, now.Misses-c.logged.Misses
	if hits+misses == 0 {
		return
	}
	logger.Info("read cache",
		"hits", hits,
		"misses", misses,
		"hit_rate", fmt.Sprintf("%.1f%%", 100*float64(hits)/float64(hits+misses)),
		"evictions", now.Evictions-c.logged.Evictions,
		"entries", now.Entries,
		"bytes", now.Bytes,
	)
	c.logged = now
}
