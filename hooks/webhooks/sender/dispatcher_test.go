package sender_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/webhooks/internal/webhooktest"
	"github.com/creator-content-api/server/hooks/webhooks/sender"
)

// blockingReceiver holds every request until released, and reports each arrival.
type blockingReceiver struct {
	URL     string
	arrived chan string // X-Service-Delivery of each request, as it arrives
	release chan struct{}
	once    sync.Once

	mu          sync.Mutex
	open, most  int
	deliveryIDs []string
}

func newBlockingReceiver(t *testing.T) *blockingReceiver {
	r := &blockingReceiver{arrived: make(chan string, 100), release: make(chan struct{})}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		id := req.Header.Get("X-Service-Delivery")
		r.mu.Lock()
		r.open++
		r.most = max(r.most, r.open)
		r.deliveryIDs = append(r.deliveryIDs, id)
		r.mu.Unlock()
		r.arrived <- id
		<-r.release
		r.mu.Lock()
		r.open--
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	r.URL = srv.URL
	t.Cleanup(srv.Close)
	t.Cleanup(r.Release) // runs before srv.Close and before the app stops
	return r
}

// Release lets every held request, and every later one, through.
func (r *blockingReceiver) Release() { r.once.Do(func() { close(r.release) }) }

func (r *blockingReceiver) wait(t *testing.T) string {
	t.Helper()
	select {
	case id := <-r.arrived:
		return id
	case <-time.After(10 * time.Second):
		t.Fatal("no delivery arrived")
		return ""
	}
}

func (r *blockingReceiver) mostAtOnce() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.most
}

func TestSlowReceiverDoesNotHoldUpOthers(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	slow := newBlockingReceiver(t)
	fast := apitest.NewReceiver(t)
	slowSub, _ := webhooktest.Subscribe(t, h.App, slow.URL)
	webhooktest.Subscribe(t, h.App, fast.URL)
	const posts = 5
	for i := range posts {
		webhooktest.NewPost(t, h.App, "p"+strconv.Itoa(i))
	}
	// The fast receiver gets all five while the slow one holds its two.
	for range posts {
		fast.Next()
	}
	slow.wait(t)
	slow.wait(t)
	if got := slow.mostAtOnce(); got != sender.DefaultPerSubscription {
		t.Fatalf("slow receiver had %d requests at once, want %d", got, sender.DefaultPerSubscription)
	}
	slow.Release()
	webhooktest.RunDue(t, h)
	for _, d := range webhooktest.DeliveriesOf(t, h.App, slowSub.Id) {
		if d.GetString("status") != "succeeded" {
			t.Errorf("slow delivery %s: %v", d.Id, d.FieldsData())
		}
	}
	if got := slow.mostAtOnce(); got > sender.DefaultPerSubscription {
		t.Fatalf("slow receiver had %d requests at once", got)
	}
}

func TestCrashMidAttemptIsDeliveredAfterRestartWithTheSameID(t *testing.T) {
	t.Parallel()
	rcv := newBlockingReceiver(t)
	first := webhooktest.NewHarness(t, apitest.Options{Hooks: func(c *hooks.Config) { c.Webhooks.AttemptTimeout = 2 * time.Second }})
	sub, _ := webhooktest.Subscribe(t, first.App, rcv.URL)
	webhooktest.NewPost(t, first.App, "p")
	dlv := webhooktest.OnlyDelivery(t, first.App, sub)
	if id := rcv.wait(t); id != "dlv_"+dlv.Id {
		t.Fatalf("first attempt carried %q", id)
	}

	// "Crash" now: the attempt is in flight and nothing was recorded. A new app on a copy of
	// the data directory picks the delivery up when it starts, without a kick or RunDue.
	second := apitest.New(t, apitest.Options{DataDir: first.App.DataDir()})
	if id := rcv.wait(t); id != "dlv_"+dlv.Id {
		t.Fatalf("after the restart the delivery carried %q, want the same id dlv_%s", id, dlv.Id)
	}
	rcv.Release()
	webhooktest.RunDue(t, second)
	if got := webhooktest.OnlyDelivery(t, second.App, sub); got.GetString("status") != "succeeded" || got.GetInt("attempt") != 1 {
		t.Fatalf("delivery after the restart: %v", got.FieldsData())
	}
}

func TestShutdownLetsAttemptsInFlightFinish(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := newBlockingReceiver(t)
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
	webhooktest.NewPost(t, h.App, "p")
	rcv.wait(t)

	done := make(chan error, 1)
	go func() { done <- h.App.OnTerminate().Trigger(&core.TerminateEvent{App: h.App}) }()
	rcv.Release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if d := webhooktest.OnlyDelivery(t, h.App, sub); d.GetString("status") != "succeeded" {
		t.Fatalf("delivery after shutdown: %v", d.FieldsData())
	}
	// Stopped: a new change is stored but not pushed.
	webhooktest.NewPost(t, h.App, "after")
	if n := webhooktest.RunDue(t, h); n != 0 {
		t.Fatalf("%d attempts after shutdown", n)
	}
}

func TestRedeliverStartsAFreshSchedule(t *testing.T) {
	t.Parallel()
	h := webhooktest.NewHarness(t)
	rcv := apitest.NewReceiver(t)
	rcv.ReplyStatus(http.StatusInternalServerError, 6)
	sub, _ := webhooktest.Subscribe(t, h.App, rcv.URL)
	webhooktest.NewPost(t, h.App, "p")
	webhooktest.RunDue(t, h)
	for _, d := range []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 12 * time.Hour} {
		h.Clock.Advance(d)
		webhooktest.RunDue(t, h)
	}
	dlv := webhooktest.OnlyDelivery(t, h.App, sub)
	if dlv.GetString("status") != "failed" {
		t.Fatalf("delivery: %v", dlv.FieldsData())
	}
	again, err := h.Webhooks.Redeliver("dlv_" + dlv.Id)
	if err != nil {
		t.Fatal(err)
	}
	if again.GetString("status") != "pending" || again.GetInt("attempt") != 0 {
		t.Fatalf("redelivered: %v", again.FieldsData())
	}
	webhooktest.RunDue(t, h)
	got := rcv.Received()
	if len(got) != 7 || got[6].Header.Get("X-Service-Delivery") != "dlv_"+dlv.Id {
		t.Fatalf("%d requests; last delivery id %q", len(got), got[len(got)-1].Header.Get("X-Service-Delivery"))
	}
	if dlv = webhooktest.Reload(t, h.App, dlv); dlv.GetString("status") != "succeeded" || dlv.GetInt("attempt") != 1 {
		t.Fatalf("after redelivery: %v", dlv.FieldsData())
	}
}
