package routes_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/routes"
)

// registrar makes registrations, each from a new client IP, so that only the test meant to hit
// the Moderate tier does.
type registrar struct {
	next atomic.Int32
}

// ip is a client address no call has used yet.
// webhookSite is an app whose webhooks may go to receivers on this machine (the tests'), and a
// key with the webhooks scope.
func webhookSite(t *testing.T) (*apitest.Harness, string) {
	t.Helper()
	h := apitest.New(t, apitest.Options{})
	h.AllowPrivateWebhooks(true)
	key, _ := h.CreateKey(keys.ScopeWebhooks)
	return h, key
}

func (r *registrar) ip() string { return fmt.Sprintf("198.51.100.%d:1", r.next.Add(1)) }

// post is a registration of body with key from a new client IP, and the answer it must get.
func (r *registrar) post(name, key string, body any, status int, code string) apitest.Scenario {
	return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v2/webhooks", Body: body, Headers: apitest.Bearer(key),
		RemoteAddr: r.ip(), ExpectedStatus: status, ExpectedCode: code}
}

var secretShape = regexp.MustCompile(`^whsec_[A-Za-z0-9+/]{43}=$`)

func TestRegisterWebhook(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	r := &registrar{}
	key, keyID := h.CreateKey(keys.ScopeWriteWebhooks)

	t.Run("created with its secret shown once, remembering the key", func(t *testing.T) {
		s := r.post("register", key, map[string]any{"url": "https://1.1.1.1/hook",
			"events": []string{"content.created", "purchase.completed", "content.created"}, "description": "CRM sync"}, http.StatusCreated, "")
		s.ExpectedHeaders = map[string]string{"Cache-Control": "no-store"}
		s.ExpectedJSON = map[string]any{"enabled": true, "url": "https://1.1.1.1/hook", "description": "CRM sync",
			"events": []string{"content.created", "purchase.completed"}}
		res := storyStep(t, h, s)
		body := res.JSON(t)
		secret, _ := body["secret"].(string)
		if !secretShape.MatchString(secret) {
			t.Fatalf("secret %q", secret)
		}
		for _, f := range []string{"id", "created"} {
			if _, ok := body[f]; !ok {
				t.Errorf("no %s", f)
			}
		}
		rec, err := h.App.FindRecordById(vocab.WebhookSubscriptions, body["id"].(string))
		if err != nil || rec.GetString("secret") != secret || rec.GetInt("failure_count") != 0 || rec.GetString("api_key") != keyID {
			t.Fatalf("stored %v, %v", rec, err)
		}
		apitest.Scenario{Name: "the admin list", Path: "/api/admin/webhooks", Headers: owner(h.SuperuserToken()),
			ExpectedStatus: http.StatusOK, NotExpectedContent: []string{secret, "secret"}}.Test(t, h)
	})
	t.Run("events absent or empty means all", func(t *testing.T) {
		for _, s := range []apitest.Scenario{
			r.post("absent", key, map[string]any{"url": "https://1.1.1.1/a"}, http.StatusCreated, ""),
			r.post("empty", key, map[string]any{"url": "https://1.1.1.1/b", "events": []string{}}, http.StatusCreated, ""),
			r.post("null", key, map[string]any{"url": "https://1.1.1.1/c", "events": nil}, http.StatusCreated, ""),
		} {
			s.ExpectedJSON = map[string]any{"events": []string{}, "description": ""}
			s.Test(t, h)
		}
	})
	t.Run("scopes", func(t *testing.T) {
		plain, _ := h.CreateKey(keys.ScopeWebhooks)
		read, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
		body := map[string]any{"url": "https://1.1.1.1/s"}
		for _, s := range []apitest.Scenario{
			r.post("webhooks", plain, body, http.StatusCreated, ""),
			r.post("read and read:content", read, body, http.StatusForbidden, "insufficient_scope"),
			r.post("no key", "", body, http.StatusUnauthorized, "unauthorized"),
		} {
			s.Test(t, h)
		}
	})
	t.Run("strict body", func(t *testing.T) {
		refused := func(name string, body any, field string) apitest.Scenario {
			s := r.post(name, key, body, http.StatusBadRequest, "invalid_request")
			s.ExpectedContent = []string{`\"` + field + `\"`}
			return s
		}
		for _, s := range []apitest.Scenario{
			refused("no url", map[string]any{"events": []string{}}, "url"),
			refused("empty url", map[string]any{"url": ""}, "url"),
			refused("url not a string", map[string]any{"url": 42}, "url"),
			refused("not absolute", map[string]any{"url": "/hook"}, "url"),
			refused("ftp", map[string]any{"url": "ftp://1.1.1.1/x"}, "url"),
			refused("user info", map[string]any{"url": "https://u:p@1.1.1.1/x"}, "url"),
			refused("unknown event", map[string]any{"url": "https://1.1.1.1/x", "events": []string{"content.created", "ping"}}, "events"),
			refused("events not an array", map[string]any{"url": "https://1.1.1.1/x", "events": "content.created"}, "events"),
			refused("description too long", map[string]any{"url": "https://1.1.1.1/x", "description": strings.Repeat("é", 501)}, "description"),
			refused("unknown field", map[string]any{"url": "https://1.1.1.1/x", "secret": "whsec_mine"}, "secret"),
			r.post("non-JSON body", key, "url=https://1.1.1.1/x", http.StatusBadRequest, "invalid_request"),
			r.post("500 characters", key, map[string]any{"url": "https://1.1.1.1/x", "description": strings.Repeat("é", 500)}, http.StatusCreated, ""),
		} {
			s.Test(t, h)
		}
	})
	t.Run("SSRF guard at registration", func(t *testing.T) {
		private := []string{
			"https://127.0.0.1/hook", "http://127.0.0.1/hook", "https://10.0.0.1/hook", "http://10.0.0.1/hook",
			"https://[::1]/hook", "http://[::1]:8080/hook", "https://169.254.169.254/latest/meta-data",
			"http://169.254.169.254/latest/meta-data", "https://localhost/hook", "https://192.168.1.10/hook",
			"https://[::ffff:127.0.0.1]/hook",
		}
		for _, u := range private {
			s := r.post(u, key, map[string]any{"url": u}, http.StatusBadRequest, "invalid_request")
			s.ExpectedContent = []string{`\"url\"`, "webhooks_allow_private"} // the setting that allows a local receiver
			s.Test(t, h)
		}
		h.AllowPrivateWebhooks(true)
		defer h.AllowPrivateWebhooks(false)
		for _, u := range []string{"http://127.0.0.1:9/hook", "https://10.0.0.1/hook", "http://localhost:8080/hook"} {
			r.post(u+" with private webhooks allowed", key, map[string]any{"url": u}, http.StatusCreated, "").Test(t, h)
		}
	})
	t.Run("Moderate tier", func(t *testing.T) {
		for i := range rl.Moderate.Burst + 1 {
			s := r.post(fmt.Sprintf("request %d from one IP", i+1), key, map[string]any{"url": "https://1.1.1.1/m"}, http.StatusCreated, "")
			if i == rl.Moderate.Burst {
				s.ExpectedStatus, s.ExpectedCode = http.StatusTooManyRequests, "rate_limited"
			}
			s.RemoteAddr = "203.0.113.77:1"
			s.ExpectedHeaders = map[string]string{"X-RateLimit-Limit": strconv.Itoa(rl.Moderate.Burst)}
			s.Test(t, h)
		}
	})
}

func TestRegisteredWebhookReceivesSignedEvents(t *testing.T) {
	t.Parallel()
	h, key := webhookSite(t)
	rcv := apitest.NewReceiver(t)
	res := storyStep(t, h, apitest.Scenario{Name: "register", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
		Body: map[string]any{"url": rcv.URL, "events": []string{"newsletter.subscribe"}}, ExpectedStatus: http.StatusCreated})
	secret := res.JSON(t)["secret"].(string)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Not wanted", "slug": "not-wanted", "visibility": "public"})
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "r@example.com", "name": "R", "status": "confirmed"})
	got := rcv.Next()
	if got.Header.Get("X-Service-Event") != "newsletter.subscribe" || !wire.Verify(secret, got.Body, got.Header.Get("X-Service-Signature")) {
		t.Fatalf("delivery %v %s", got.Header, got.Body)
	}
	if _, err := h.Webhooks.RunDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := len(rcv.Received()); n != 1 {
		t.Fatalf("%d deliveries, want only the wanted event", n)
	}
}
