package webhooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/vocab"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
)

func TestWebhooksTestCommand(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewReceiver(t)
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
	run := func(args ...string) (string, error) {
		return apitest.RunCommand(webhooks.NewCommand(h.App, h.Webhooks), args...)
	}
	out, err := run("test", sub.Id)
	if err != nil || !strings.Contains(out, "outcome:  delivered") || !strings.Contains(out, "status:   204") {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := rcv.Next(); got.Header.Get("X-Service-Event") != vocab.EventPing {
		t.Fatalf("event %q", got.Header.Get("X-Service-Event"))
	}
	rcv.Reply(apitest.Reply{Status: http.StatusBadGateway, Body: "down"})
	if out, err := run("test", sub.Id); err == nil || !strings.Contains(out, "error:    HTTP 502") || !strings.Contains(out, "response: down") {
		t.Fatalf("failing receiver: %v\n%s", err, out)
	}
	if _, err := run("test", "nosuchsubscrip"); err == nil {
		t.Fatal("unknown subscription accepted")
	}
}
