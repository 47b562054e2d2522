package routes_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// Recovery queues again what a subscription did not receive in the window: a delivery that
// failed (under its own id) and an event that happened while it was switched off, not what
// it received nor what its filter leaves out; a second recovery finds nothing.
func TestRecoverResendsWhatASubscriptionMissed(t *testing.T) {
	t.Parallel()
	h, key := webhookSite(t)
	rcv := apitest.NewReceiver(t)
	sub := storyStep(t, h, apitest.Scenario{Name: "register", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
		Body:           map[string]any{"url": rcv.URL, "events": []string{"content.created", "testimonial.submitted"}, "filter": map[string]any{"collections": []string{"posts"}}},
		ExpectedStatus: http.StatusCreated}).JSON(t)["id"].(string)
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	post := func(title string) {
		h.SaveRecord(vocab.Posts, map[string]any{"title": title, "slug": title, "visibility": "public"})
	}
	setEnabled := func(on bool) {
		storyStep(t, h, switchedOn(sub, owner, on))
	}

	post("received")
	runDue(t, h)
	rcv.Reply(apitest.Reply{Status: http.StatusInternalServerError})
	post("failed")
	runDue(t, h)
	failedID := rcv.Received()[1].Header.Get("X-Service-Delivery")
	setEnabled(false) // ends the failed one's retries
	post("while-off")
	h.SaveRecord(vocab.Testimonials, map[string]any{"name": "Filtered out", "body": "Good."})
	setEnabled(true)
	h.Clock.Advance(time.Minute)
	post("after")
	runDue(t, h)
	if n := len(rcv.Received()); n != 3 {
		t.Fatalf("%d requests before the recovery", n)
	}

	recover := apitest.Scenario{Method: http.MethodPost, Path: "/api/admin/webhooks/" + sub + "/recover", Headers: owner,
		Body: map[string]any{"since": apitest.Epoch.Add(-time.Hour).Format(time.RFC3339)}, ExpectedStatus: http.StatusAccepted,
		ExpectedJSON: map[string]any{"data.queued": 2}}
	storyStep(t, h, recover)
	runDue(t, h)
	got := rcv.Received()[3:]
	var titles, ids []string
	for _, r := range got {
		titles = append(titles, string(r.Body))
		ids = append(ids, r.Header.Get("X-Service-Delivery"))
	}
	if len(got) != 2 || !slices.Contains(ids, failedID) {
		t.Fatalf("recovered %v (ids %v), want the failed delivery %s again and the one missed while off", titles, ids, failedID)
	}
	recover.Name, recover.ExpectedJSON = "nothing left", map[string]any{"data.queued": 0}
	recover.Check(t, h)

	// The window's own bounds: until before the events sends nothing.
	apitest.Scenario{Name: "window before the events", Method: http.MethodPost, Path: "/api/admin/webhooks/" + sub + "/recover", Headers: owner,
		Body:           map[string]any{"since": "2026-01-01T00:00:00Z", "until": "2026-01-02T00:00:00Z"},
		ExpectedStatus: http.StatusAccepted, ExpectedJSON: map[string]any{"data.queued": 0}}.Test(t, h)
}

func TestRecoverRefusals(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	_, sub, _ := registerReceiver(t, h)
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	path := "/api/admin/webhooks/" + sub + "/recover"
	for _, s := range []apitest.Scenario{
		{Name: "no since", Body: map[string]any{}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`invalid field \"since\"`}},
		{Name: "bad since", Body: map[string]any{"since": "yesterday"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`invalid field \"since\"`}},
		{Name: "until before since", Body: map[string]any{"since": "2026-11-21T00:00:00Z", "until": "2026-11-20T00:00:00Z"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`invalid field \"until\": must not be before since`}},
		{Name: "unknown field", Body: map[string]any{"since": "2026-11-21T00:00:00Z", "from": "x"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		{Name: "no subscription", Path: "/api/admin/webhooks/zzzzzzzzzzzzzzz/recover", Body: map[string]any{"since": "2026-11-21T00:00:00Z"}, ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "an API key", Headers: apitest.Bearer("svc_live_" + "x"), Body: map[string]any{"since": "2026-11-21T00:00:00Z"}, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
	} {
		s.Method = http.MethodPost
		if s.Path == "" {
			s.Path = path
		}
		if s.Headers == nil {
			s.Headers = owner
		}
		s.Test(t, h)
	}
	storyStep(t, h, switchedOn(sub, owner, false))
	apitest.Scenario{Name: "switched off", Method: http.MethodPost, Path: path, Headers: owner, Body: map[string]any{"since": "2026-11-21T00:00:00Z"},
		ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{"re-enable it first"}}.Test(t, h)
}

// switchedOn is the owner's PATCH that switches subscription sub on or off.
func switchedOn(sub string, owner map[string]string, on bool) apitest.Scenario {
	return apitest.Scenario{Name: fmt.Sprintf("enabled: %v", on), Method: http.MethodPatch, Path: "/api/admin/webhooks/" + sub, Headers: owner,
		Body: map[string]any{"enabled": on}, ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.enabled": on}}
}
