package sender

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// DayStats are a subscription's delivery attempts of one UTC day.
type DayStats struct {
	// Date is the day, YYYY-MM-DD.
	Date string `json:"date"`
	// Succeeded counts the attempts answered with a 2xx.
	Succeeded int `json:"succeeded"`
	// Failed counts the other attempts.
	Failed int `json:"failed"`
	// MedianMS is the median duration of the day's attempts; nil when there were none.
	MedianMS *int64 `json:"median_ms"`
}

// statsQuery groups a subscription's attempts in [from, to) by UTC day. SQLite has no median:
// the window counts and numbers each day's attempts by duration, and the median is the mean of
// the one or two middle ones.
const statsQuery = `
WITH a AS (
	SELECT substr(a.[[at]], 1, 10) AS day, a.[[duration_ms]] AS ms, a.[[status_code]] BETWEEN 200 AND 299 AS ok
	FROM {{` + vocab.WebhookAttempts + `}} a
	JOIN {{` + vocab.WebhookDeliveries + `}} d ON d.[[id]] = a.[[delivery]]
	WHERE d.[[subscription]] = {:sub} AND a.[[at]] >= {:from} AND a.[[at]] < {:to}
), r AS (
	SELECT day, ms, ok, ROW_NUMBER() OVER (PARTITION BY day ORDER BY ms) AS rn, COUNT(*) OVER (PARTITION BY day) AS n
	FROM a
)
SELECT day, SUM(ok) AS succeeded, SUM(NOT ok) AS failed,
	CAST(ROUND(AVG(CASE WHEN rn IN ((n + 1) / 2, (n + 2) / 2) THEN ms END)) AS INTEGER) AS median_ms
FROM r GROUP BY day ORDER BY day`

// AttemptStats returns the attempts of subscription sub on each of the days UTC days up to
// and including now's, oldest first, days without attempts included.
func AttemptStats(app core.App, sub string, now time.Time, days int) ([]DayStats, error) {
	end := now.UTC().Truncate(24*time.Hour).AddDate(0, 0, 1)
	start := end.AddDate(0, 0, -days)
	from, err := types.ParseDateTime(start)
	if err != nil {
		return nil, err
	}
	to, err := types.ParseDateTime(end)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Day       string        `db:"day"`
		Succeeded int           `db:"succeeded"`
		Failed    int           `db:"failed"`
		MedianMS  sql.NullInt64 `db:"median_ms"`
	}
	err = app.DB().NewQuery(statsQuery).
		Bind(dbx.Params{"sub": sub, "from": from.String(), "to": to.String()}).
		All(&rows)
	if err != nil {
		return nil, fmt.Errorf("webhooks: attempt stats: %w", err)
	}
	byDay := make(map[string]DayStats, len(rows))
	for _, r := range rows {
		s := DayStats{Date: r.Day, Succeeded: r.Succeeded, Failed: r.Failed}
		if r.MedianMS.Valid {
			ms := r.MedianMS.Int64
			s.MedianMS = &ms
		}
		byDay[r.Day] = s
	}
	out := make([]DayStats, days)
	for i := range out {
		date := start.AddDate(0, 0, i).Format(time.DateOnly)
		if s, ok := byDay[date]; ok {
			out[i] = s
		} else {
			out[i] = DayStats{Date: date}
		}
	}
	return out, nil
}
