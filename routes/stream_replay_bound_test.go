package routes_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// A stream replays at most what a key's poll burst returns (2,000 events): a since or a
// Last-Event-ID with more events after it is refused with 400, pointing at the poll, which
// catches up under its per-key cap.
func TestStreamReplayIsBounded(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	server, _ := h.CreateKey(keys.ScopeRead)
	at, err := types.ParseDateTime(h.Clock.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	insert := h.App.DB().NewQuery("INSERT INTO " + vocab.WebhookEvents + " (id, event, data, served, created, updated) VALUES ({:id}, 'content.created', '{}', TRUE, {:at}, {:at})").Prepare()
	defer insert.Close()
	const events = 2002 // 2,001 after the first
	for i := range events {
		if _, err := insert.Bind(dbx.Params{"id": fmt.Sprintf("replay%09d", i), "at": at.String()}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	const path = "/api/v1/webhooks/stream"
	refused := []string{"more than 2000 events came after it, more than a stream replays; catch up with GET /api/v1/webhooks/poll/{event}"}
	for _, s := range []apitest.Scenario{
		{Name: "since before them", Path: path + "?since=" + h.Clock.Now().Add(-2*time.Hour).Format(time.RFC3339), Headers: apitest.Bearer(server),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: append([]string{"since: "}, refused...)},
		{Name: "Last-Event-ID at the first", Path: path, Headers: map[string]string{"Authorization": "Bearer " + server, "Last-Event-ID": "evt_replay000000000"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: append([]string{"Last-Event-ID: "}, refused...)},
	} {
		s.Test(t, h)
	}
}
