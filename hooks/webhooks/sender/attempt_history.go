package sender

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/rowid"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
)

// Attempt is one stored attempt of a delivery: the history the owner sees, oldest first.
type Attempt struct {
	Delivery        string                `db:"delivery"`
	At              types.DateTime        `db:"at"`
	StatusCode      int                   `db:"status_code"`
	DurationMS      int64                 `db:"duration_ms"`
	Error           string                `db:"error"`
	ResponseExcerpt string                `db:"response_excerpt"`
	RequestHeaders  types.JSONMap[string] `db:"request_headers"`
}

// insertAttemptSQL adds one attempt to the history; created and updated are the attempt's time.
const insertAttemptSQL = "INSERT INTO {{" + vocab.WebhookAttempts + "}} " +
	"([[id]], [[delivery]], [[at]], [[status_code]], [[duration_ms]], [[error]], [[response_excerpt]], [[request_headers]], [[created]], [[updated]]) " +
	"VALUES ({:id}, {:delivery}, {:at}, {:code}, {:ms}, {:error}, {:excerpt}, {:headers}, {:at}, {:at})"

// attemptHistory adds attempts to the history within one transaction, through one prepared
// statement.
type attemptHistory struct {
	insert *dbx.Query
}

func newAttemptHistory(txApp core.App) (*attemptHistory, error) {
	q := txApp.DB().NewQuery(insertAttemptSQL).Prepare()
	if q.LastError != nil {
		return nil, fmt.Errorf("prepare attempt insert: %w", q.LastError)
	}
	return &attemptHistory{insert: q}, nil
}

// add stores one attempt of delivery id with the request headers that were sent. They hold
// the signatures (HMACs of the body, useless without the secret) but never the secret itself;
// repeated values are joined with ", ".
func (h *attemptHistory) add(id string, at types.DateTime, res wire.Result, sent http.Header) error {
	headers := make(map[string]string, len(sent))
	for name, values := range sent {
		headers[name] = strings.Join(values, ", ")
	}
	encoded, err := json.Marshal(headers)
	if err != nil {
		return fmt.Errorf("encode attempt headers: %w", err)
	}
	_, err = h.insert.Bind(dbx.Params{
		"id": rowid.New(at.Time()), "delivery": id, "at": at.String(),
		"code": res.StatusCode, "ms": res.Duration.Milliseconds(),
		"error": clipText(res.Err, maxStoredText), "excerpt": clipText(res.ResponseExcerpt, maxStoredText),
		"headers": string(encoded),
	}).Execute()
	if err != nil {
		return fmt.Errorf("save attempt of %s: %w", id, err)
	}
	return nil
}

func (h *attemptHistory) close() { h.insert.Close() }

// AttemptsOf returns the attempts of the deliveries ids (without their "dlv_" prefix), oldest
// first, by delivery id; all of them in one query.
func AttemptsOf(app core.App, ids []string) (map[string][]Attempt, error) {
	out := make(map[string][]Attempt, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Attempt
	err := app.DB().Select("delivery", "at", "status_code", "duration_ms", "error", "response_excerpt", "request_headers").
		From(vocab.WebhookAttempts).
		Where(dbx.In("delivery", anys(ids)...)).
		OrderBy("at", "rowid").
		All(&rows)
	if err != nil {
		return nil, fmt.Errorf("webhooks: list attempts: %w", err)
	}
	for _, a := range rows {
		out[a.Delivery] = append(out[a.Delivery], a)
	}
	return out, nil
}
