package routes_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/wire"
	"github.com/creator-content-api/server/routes"
	"github.com/creator-content-api/server/apitest"
)

// registrar posts registrations, each from a new client IP unless ip is given, so that only
// the test meant to hit the Moderate tier does.
type registrar struct {
	h    *apitest.Harness
	next atomic.Int32
}

// ip is a client address no call has used yet.
func (r *registrar) ip() string { return fmt.Sprintf("198.51.100.%d:1", r.next.Add(1)) }

func (r *registrar) post(key string, body any, ip string) *apitest.Response {
	if ip == "" {
		ip = r.ip()
	}
	return r.h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Body: body, Headers: apitest.Bearer(key), RemoteAddr: ip})
}

var secretShape = regexp.MustCompile(`^whsec_[A-Za-z0-9+/]{43}=$`)

func TestRegisterWebhook(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	r := &registrar{h: h}
	key, keyID := h.CreateKey(keys.ScopeWriteWebhooks)

	t.Run("created with its secret shown once, remembering the key", func(t *testing.T) {
		res := r.post(key, map[string]any{"url": "https://1.1.1.1/hook",
			"events": []string{"content.created", "purchase.completed", "content.created"}, "description": "CRM sync"}, "")
		if res.Status != http.StatusCreated || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%d %v %s", res.Status, res.Header, res.Body)
		}
		body := res.JSON(t)
		secret, _ := body["secret"].(string)
		if !secretShape.MatchString(secret) || body["enabled"] != true || body["url"] != "https://1.1.1.1/hook" ||
			body["description"] != "CRM sync" || fmt.Sprint(body["events"]) != "[content.created purchase.completed]" {
			t.Fatalf("body %s", res.Body)
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
		list := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/admin/webhooks", Headers: owner(h.SuperuserToken())})
		if strings.Contains(string(list.Body), secret) || strings.Contains(string(list.Body), "secret") {
			t.Fatalf("the admin list shows the secret: %s", list.Body)
		}
	})
	t.Run("events absent or empty means all", func(t *testing.T) {
		for _, body := range []any{map[string]any{"url": "https://1.1.1.1/a"}, map[string]any{"url": "https://1.1.1.1/b", "events": []string{}},
			map[string]any{"url": "https://1.1.1.1/c", "events": nil}} {
			res := r.post(key, body, "")
			if res.Status != http.StatusCreated || fmt.Sprint(res.JSON(t)["events"]) != "[]" || res.JSON(t)["description"] != "" {
				t.Fatalf("%v: %d %s", body, res.Status, res.Body)
			}
		}
	})
	t.Run("scopes", func(t *testing.T) {
		plain, _ := h.CreateKey(keys.ScopeWebhooks)
		read, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
		for _, tt := range []struct {
			key    string
			status int
		}{{plain, 201}, {read, 403}, {"", 401}} {
			if res := r.post(tt.key, map[string]any{"url": "https://1.1.1.1/s"}, ""); res.Status != tt.status {
				t.Errorf("key %q: %d %s", tt.key, res.Status, res.Body)
			}
		}
	})
	t.Run("strict body", func(t *testing.T) {
		refused := func(name string, body any, field string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: body,
				RemoteAddr: r.ip(), ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request",
				ExpectedContent: []string{`\"` + field + `\"`}}
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
			{Name: "non-JSON body", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: "url=https://1.1.1.1/x",
				RemoteAddr: r.ip(), ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
			{Name: "500 characters", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
				Body: map[string]any{"url": "https://1.1.1.1/x", "description": strings.Repeat("é", 500)}, RemoteAddr: r.ip(),
				ExpectedStatus: http.StatusCreated},
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
			res := r.post(key, map[string]any{"url": u}, "")
			if res.Status != http.StatusBadRequest || res.ErrorCode() != "invalid_request" || !strings.Contains(string(res.Body), `\"url\"`) ||
				!strings.Contains(string(res.Body), "webhooks_allow_private") { // the setting that allows a local receiver
				t.Errorf("%s: %d %s", u, res.Status, res.Body)
			}
		}
		h.AllowPrivateWebhooks(true)
		defer h.AllowPrivateWebhooks(false)
		for _, u := range []string{"http://127.0.0.1:9/hook", "https://10.0.0.1/hook", "http://localhost:8080/hook"} {
			if res := r.post(key, map[string]any{"url": u}, ""); res.Status != http.StatusCreated {
				t.Errorf("%s with private webhooks allowed: %d %s", u, res.Status, res.Body)
			}
		}
	})
	t.Run("Moderate tier", func(t *testing.T) {
		const ip = "203.0.113.77:1"
		var last *apitest.Response
		for range rl.Moderate.Burst + 1 {
			last = r.post(key, map[string]any{"url": "https://1.1.1.1/m"}, ip)
			if got, want := last.Header.Get("X-RateLimit-Limit"), fmt.Sprint(rl.Moderate.Burst); got != want {
				t.Fatalf("X-RateLimit-Limit %s, want %s", got, want)
			}
		}
		if last.Status != http.StatusTooManyRequests {
			t.Fatalf("request %d from one IP: %d", rl.Moderate.Burst+1, last.Status)
		}
	})
}

func TestRegisteredWebhookReceivesSignedEvents(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.AllowPrivateWebhooks(true)
	key, _ := h.CreateKey(keys.ScopeWebhooks)
	rcv := apitest.NewReceiver(t)
	res := h.Do(apitest.Request{Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
		Body: map[string]any{"url": rcv.URL, "events": []string{"newsletter.subscribe"}}})
	if res.Status != http.StatusCreated {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	secret := res.JSON(t)["secret"].(string)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Not wanted", "slug": "not-wanted", "visibility": "public"})
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "r@example.com", "name": "R"})
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
