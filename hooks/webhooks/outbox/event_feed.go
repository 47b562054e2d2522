package outbox

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// ErrEventUnknown means no stored event has the id a stream was asked to resume after: it
// was pruned (older than Retention) or never existed.
var ErrEventUnknown = errors.New("no stored event has that id")

// FeedPosition is a place in the order events were committed: webhook_events' rowid. SQLite
// has one writer, and an event's row is inserted inside its write's transaction, so rowids
// grow in commit order, whatever process wrote and whatever the clocks said; the created
// times of two commits in the same millisecond may not. A position is never shown to
// clients (they resume by event id) and lives only as long as one stream.
type FeedPosition int64

// FeedEvent is one event of the feed: where it is, and its push message (no delivery id: it
// belongs to no subscription).
type FeedEvent struct {
	Position FeedPosition
	Message  wire.Message
}

// FeedHead is the position of the newest event: a feed that starts there gets only what is
// committed after.
func FeedHead(app core.App) (FeedPosition, error) {
	var row struct {
		N int64 `db:"n"`
	}
	err := app.DB().NewQuery("SELECT COALESCE(MAX(rowid), 0) AS n FROM " + vocab.WebhookEvents).One(&row)
	if err != nil {
		return 0, fmt.Errorf("the newest event: %w", err)
	}
	return FeedPosition(row.N), nil
}

// FeedStart is where a feed starts: a position, and the wire id of the event there (empty at
// the very start, before every event), which a client that must reconnect before it got any
// event resumes after.
type FeedStart struct {
	Position FeedPosition
	EventID  string
}

// FeedStartNow starts after the newest event.
func FeedStartNow(app core.App) (FeedStart, error) {
	return feedStart(app, app.DB().Select("rowid AS n", "id").From(vocab.WebhookEvents).
		OrderBy("rowid DESC").Limit(1))
}

// FeedStartAt starts at the first event created at or after at: after the newest one created
// before it.
func FeedStartAt(app core.App, at types.DateTime) (FeedStart, error) {
	return feedStart(app, app.DB().Select("rowid AS n", "id").From(vocab.WebhookEvents).
		Where(dbx.NewExp("[[created]] < {:at}", dbx.Params{"at": at.String()})).
		OrderBy("rowid DESC").Limit(1))
}

func feedStart(app core.App, q *dbx.SelectQuery) (FeedStart, error) {
	var rows []struct {
		N  int64  `db:"n"`
		ID string `db:"id"`
	}
	if err := q.All(&rows); err != nil {
		return FeedStart{}, fmt.Errorf("where the feed starts: %w", err)
	}
	if len(rows) == 0 {
		return FeedStart{}, nil
	}
	return FeedStart{Position: FeedPosition(rows[0].N), EventID: wire.EventIDPrefix + rows[0].ID}, nil
}

// FeedPositionOf is the position of the event whose wire id (evt_…) is given, or
// ErrEventUnknown.
func FeedPositionOf(app core.App, eventID string) (FeedPosition, error) {
	id, ok := strings.CutPrefix(eventID, wire.EventIDPrefix)
	if !ok || id == "" {
		return 0, ErrEventUnknown
	}
	var rows []struct {
		N int64 `db:"n"`
	}
	err := app.DB().NewQuery("SELECT rowid AS n FROM " + vocab.WebhookEvents + " WHERE id = {:id}").
		Bind(dbx.Params{"id": id}).All(&rows)
	if err != nil {
		return 0, fmt.Errorf("the event %s: %w", eventID, err)
	}
	if len(rows) == 0 {
		return 0, ErrEventUnknown
	}
	return FeedPosition(rows[0].N), nil
}

// FeedAfter reads at most limit events of the given types committed after pos, in commit
// order, and the position to read from next: past the last event read when there may be more,
// else past every event committed before the read, so that other types' events are not
// scanned again. servedOnly keeps only the events of records v1 served when they fired (a
// browser key's feed: ServedContentOnly), as the poll does.
func FeedAfter(app core.App, pos FeedPosition, events []string, servedOnly bool, limit int) ([]FeedEvent, FeedPosition, error) {
	head, err := FeedHead(app)
	if err != nil {
		return nil, pos, err
	}
	if head <= pos {
		return nil, pos, nil
	}
	var rows []struct {
		N       int64          `db:"n"`
		ID      string         `db:"id"`
		Event   string         `db:"event"`
		Data    types.JSONRaw  `db:"data"`
		Created types.DateTime `db:"created"`
	}
	names := make([]any, len(events))
	for i, e := range events {
		names[i] = e
	}
	q := app.DB().Select("rowid AS n", "id", "event", "data", "created").From(vocab.WebhookEvents).
		Where(dbx.NewExp("rowid > {:pos} AND rowid <= {:head}", dbx.Params{"pos": int64(pos), "head": int64(head)})).
		AndWhere(dbx.In("event", names...)).
		OrderBy("rowid").
		Limit(int64(limit))
	if servedOnly {
		q.AndWhere(dbx.HashExp{"served": true})
	}
	err = q.All(&rows)
	if err != nil {
		return nil, pos, fmt.Errorf("the events after %d: %w", pos, err)
	}
	out := make([]FeedEvent, 0, len(rows))
	for _, r := range rows {
		data, err := wire.DecodeData(r.Data)
		if err != nil {
			return nil, pos, fmt.Errorf("event %s data: %w", r.ID, err)
		}
		out = append(out, FeedEvent{Position: FeedPosition(r.N), Message: wire.Message{
			EventID: wire.EventIDPrefix + r.ID, Event: r.Event, Timestamp: r.Created.Time(), Data: data,
		}})
	}
	if len(out) == limit {
		return out, out[len(out)-1].Position, nil
	}
	return out, head, nil
}

// FeedBacklog counts the events committed after pos, of every type, up to max+1: how much a
// replay from pos would read.
func FeedBacklog(app core.App, pos FeedPosition, max int) (int, error) {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM (SELECT 1 FROM " + vocab.WebhookEvents + " WHERE rowid > {:pos} LIMIT {:max})").
		Bind(dbx.Params{"pos": int64(pos), "max": max + 1}).Row(&n)
	if err != nil {
		return 0, fmt.Errorf("the events after %d: %w", pos, err)
	}
	return n, nil
}
