package webhooks

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/pb_migrations"
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

// storeAttempt adds one attempt of delivery id to its history, with the request headers that
// were sent. They hold the signatures (HMACs of the body, useless without the secret) but
// never the secret itself; repeated values are joined with ", ".
func storeAttempt(txApp core.App, id string, at types.DateTime, res wire.Result, sent http.Header) error {
	col, err := txApp.FindCachedCollectionByNameOrId(pb_migrations.WebhookAttempts)
	if err != nil {
		return err
	}
	headers := make(map[string]string, len(sent))
	for name, values := range sent {
		headers[name] = strings.Join(values, ", ")
	}
	rec := core.NewRecord(col)
	rec.Set("delivery", id)
	rec.Set("at", at)
	rec.Set("status_code", res.StatusCode)
	rec.Set("duration_ms", res.Duration.Milliseconds())
	rec.Set("error", clipText(res.Err, maxStoredText))
	rec.Set("response_excerpt", clipText(res.ResponseExcerpt, maxStoredText))
	rec.Set("request_headers", headers)
	if err := txApp.SaveNoValidate(rec); err != nil {
		return fmt.Errorf("save attempt: %w", err)
	}
	return nil
}

// AttemptsOf returns the attempts of the deliveries ids (without their "dlv_" prefix), oldest
// first, by delivery id; all of them in one query.
func AttemptsOf(app core.App, ids []string) (map[string][]Attempt, error) {
	out := make(map[string][]Attempt, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Attempt
	err := app.DB().Select("delivery", "at", "status_code", "duration_ms", "error", "response_excerpt", "request_headers").
		From(pb_migrations.WebhookAttempts).
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
