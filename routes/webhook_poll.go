package routes

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/cursor"
	"github.com/creator-content-api/server/routes/params"
)

// paramSince is the poll parameter that replays events oldest-first from an instant.
const paramSince = "since"

// The two orders of a poll, as cursors record them.
const (
	pollNewestFirst = "-created"
	pollOldestFirst = "created"
)

// eventObject is an event as polled, the same object a push delivers.
type eventObject struct {
	ID        string          `json:"id"`
	Event     string          `json:"event"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// eventRow is a webhook_events row as the poll reads it.
type eventRow struct {
	ID      string         `db:"id"`
	Event   string         `db:"event"`
	Data    types.JSONRaw  `db:"data"`
	Created types.DateTime `db:"created"`
}

// pollQuery is a validated poll request.
type pollQuery struct {
	event string
	limit int
	order string // pollNewestFirst or pollOldestFirst
	from  types.DateTime
	after *cursor.Position
	// servedOnly keeps the content events whose record v1 served when they fired (a browser
	// key's poll: outbox.ServedContentOnly).
	servedOnly bool
}

// pollEvents answers GET /api/v1/webhooks/poll/{event}: the events of the last 7 days, newest
// first, or oldest first from `since`; `cursor` continues in the order it was made in. Events
// with personal data are for server keys only; a browser key sees the content events of records
// v1 served when they fired (published, public, their time come) and no others.
func (a *API) pollEvents(e *core.RequestEvent) error {
	p, err := a.readPollQuery(e)
	if err != nil {
		return err
	}
	rows, err := p.fetch(e.App)
	if err != nil {
		return apierr.Internal(err)
	}
	body := map[string]any{}
	if len(rows) > p.limit {
		rows = rows[:p.limit]
		last := rows[len(rows)-1]
		page := 1
		if p.after != nil {
			page = p.after.Page
		}
		body["next_cursor"] = a.cursors.Encode(cursor.Position{
			List: pollList(p.event), Sort: p.order, Value: last.Created.String(), ID: last.ID, Page: page + 1,
		})
	}
	events := make([]eventObject, 0, len(rows))
	for _, r := range rows {
		events = append(events, r.object())
	}
	body["data"] = events
	return respond(e, http.StatusOK, body)
}

func (a *API) readPollQuery(e *core.RequestEvent) (pollQuery, error) {
	p := pollQuery{event: e.Request.PathValue("event"), order: pollNewestFirst}
	if !vocab.KnownEvent(p.event) {
		return p, apierr.NotFound()
	}
	k := authenticatedKey(e)
	if err := outbox.CheckAudience(k, []string{p.event}); err != nil {
		return p, domainError(err)
	}
	p.servedOnly = outbox.ServedContentOnly(k)
	q := e.Request.URL.Query()
	var err error
	if p.limit, err = intParam(q, params.Limit, defaultLimit, 1, maxLimit); err != nil {
		return p, err
	}
	var hasSince bool
	if p.from, hasSince, err = a.sinceParam(q); err != nil {
		return p, err
	}
	if hasSince {
		p.order = pollOldestFirst
	}
	if s, ok := queryValue(q, params.Cursor); ok {
		pos, err := a.cursors.Decode(s, pollList(p.event), p.order)
		if errors.Is(err, cursor.ErrInvalid) && !hasSince {
			// A cursor of a replay continues oldest-first without repeating since.
			if pos, err = a.cursors.Decode(s, pollList(p.event), pollOldestFirst); err == nil {
				p.order = pollOldestFirst
			}
		}
		if err != nil {
			return p, apierr.InvalidParam(params.Cursor, "not a cursor of this poll; start again without it")
		}
		p.after = &pos
	}
	return p, nil
}

// sinceParam reads since, the instant a replay starts from (RFC 3339), no earlier than the
// retention allows; without it, the start of the retention.
func (a *API) sinceParam(q url.Values) (types.DateTime, bool, error) {
	from := a.cfg.Now().Add(-outbox.Retention)
	s, given := queryValue(q, paramSince)
	if given {
		since, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return types.DateTime{}, true, apierr.InvalidParam(paramSince, "must be an RFC 3339 date-time such as 2026-11-21T20:10:25Z")
		}
		if since.After(from) {
			from = since
		}
		if from.After(latestStored) {
			from = latestStored // later, as text, it would sort before 2026
		}
	}
	dt, err := types.ParseDateTime(from)
	if err != nil {
		return dt, given, apierr.Internal(err)
	}
	return dt, given, nil
}

// keyMaySee is the personal-data rule (outbox.CheckAudience) for one event type, as the
// stream picks the types a key may see.
func keyMaySee(k *keys.Key, event string) bool {
	return outbox.CheckAudience(k, []string{event}) == nil
}

// latestStored is the latest instant the record layout (four-digit years) holds. An RFC 3339
// since can be later: "9999-12-31T23:59:59-01:00" is in the year 10000 UTC.
var latestStored = time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC)

// pollList names the cursor list of one event's poll.
func pollList(event string) string { return "v1:webhooks/poll/" + event }

// fetch reads one page plus one row (to know whether there is more) through the (event,
// created, id) index.
func (p pollQuery) fetch(app core.App) ([]eventRow, error) {
	op, dir := "<", "DESC"
	if p.order == pollOldestFirst {
		op, dir = ">", "ASC"
	}
	q := app.DB().Select("id", "event", "data", "created").From(vocab.WebhookEvents).
		Where(dbx.HashExp{"event": p.event}).
		AndWhere(dbx.NewExp("[[created]] >= {:from}", dbx.Params{"from": p.from.String()})).
		OrderBy("created "+dir, "id "+dir).
		Limit(int64(p.limit) + 1)
	if p.servedOnly {
		q.AndWhere(dbx.HashExp{"served": true})
	}
	if p.after != nil {
		q.AndWhere(dbx.NewExp("([[created]], [[id]]) "+op+" ({:c}, {:id})", dbx.Params{"c": p.after.Value, "id": p.after.ID}))
	}
	var rows []eventRow
	err := q.All(&rows)
	return rows, err
}

func (r eventRow) object() eventObject {
	data := json.RawMessage(r.Data)
	if len(data) == 0 || string(data) == "null" {
		data = json.RawMessage("{}")
	}
	return eventObject{
		ID:        wire.EventIDPrefix + r.ID,
		Event:     r.Event,
		Timestamp: r.Created.Time().UTC().Format(wire.TimestampFormat),
		Data:      data,
	}
}
