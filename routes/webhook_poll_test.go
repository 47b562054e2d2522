package routes_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks"
	"github.com/creator-content-api/server/routes"
)

// submitTestimonial fires one testimonial.submitted event and returns its event id.
func submitTestimonial(t *testing.T, h *apitest.Harness, name string) string {
	t.Helper()
	rec := h.SaveRecord(vocab.Testimonials, map[string]any{"name": name, "body": "Good."})
	ev, err := h.App.FindFirstRecordByFilter(vocab.WebhookEvents, "data.id = {:id}", map[string]any{"id": rec.Id})
	if err != nil {
		t.Fatal(err)
	}
	return "evt_" + ev.Id
}

// pollPage is one decoded poll answer.
type pollPage struct {
	ids    []string
	times  []string
	cursor string
}

func poll(t *testing.T, h *apitest.Harness, key, event string, params url.Values) pollPage {
	t.Helper()
	res := h.Get("/api/v1/webhooks/poll/"+event+"?"+params.Encode(), key)
	if res.Status != http.StatusOK {
		t.Fatalf("poll %s?%s: %d %s", event, params.Encode(), res.Status, res.Body)
	}
	body := res.JSON(t)
	var p pollPage
	for _, raw := range body["data"].([]any) {
		ev := raw.(map[string]any)
		if ev["event"] != event {
			t.Fatalf("polled %v under %s", ev["event"], event)
		}
		p.ids = append(p.ids, ev["id"].(string))
		p.times = append(p.times, ev["timestamp"].(string))
	}
	p.cursor, _ = body["next_cursor"].(string)
	return p
}

// pollAll follows next_cursor from params to the end and returns every id in order.
func pollAll(t *testing.T, h *apitest.Harness, key, event string, params url.Values, keepParams bool) []string {
	t.Helper()
	var all []string
	for pages := 0; ; pages++ {
		if pages > 20 {
			t.Fatal("paging does not end")
		}
		p := poll(t, h, key, event, params)
		all = append(all, p.ids...)
		if p.cursor == "" {
			return all
		}
		next := url.Values{"cursor": {p.cursor}}
		if keepParams {
			next = cloneValues(params)
			next.Set("cursor", p.cursor)
		} else if l := params.Get("limit"); l != "" {
			next.Set("limit", l)
		}
		params = next
	}
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}

func TestWebhookEventTypes(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	res := h.Get("/api/v1/webhooks/events", key)
	if res.Status != http.StatusOK {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	data := res.JSON(t)["data"].([]any)
	var names []string
	for _, d := range data {
		et := d.(map[string]any)
		if et["description"] == "" {
			t.Errorf("%v has no description", et["name"])
		}
		if want := slices.Contains(personalDataEvents, et["name"].(string)); et["personal_data"] != want {
			t.Errorf("%v: personal_data %v, want %v", et["name"], et["personal_data"], want)
		}
		names = append(names, et["name"].(string))
	}
	if !slices.Equal(names, vocab.EventNames()) {
		t.Fatalf("names %v", names)
	}
	if res := h.Get("/api/v1/webhooks/events", ""); res.Status != http.StatusUnauthorized {
		t.Fatalf("without a key: %d", res.Status)
	}
	other, _ := h.CreateKey(keys.ScopeReadContent)
	if res := h.Get("/api/v1/webhooks/events", other); res.Status != http.StatusForbidden || res.ErrorCode() != "insufficient_scope" {
		t.Fatalf("with read:content: %d %s", res.Status, res.Body)
	}
}

// personalDataEvents are the events whose data carry an e-mail address or a name.
var personalDataEvents = []string{vocab.EventPurchaseCompleted, vocab.EventCourseEnrolled, vocab.EventCourseCompleted,
	vocab.EventTestimonialSubmitted, vocab.EventNewsletterSubscribe}

// TestPollPersonalDataNeedsAServerKey: a browser key (one with allowed origins, public by
// nature) polls content events only; a server key polls every event.
func TestPollPersonalDataNeedsAServerKey(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	const origin = "https://site.example"
	browser, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &[]string{origin}})
	server, _ := h.CreateKey(keys.ScopeRead)
	callers := []struct {
		name    string
		headers map[string]string
		server  bool
	}{
		{"browser key", map[string]string{"Authorization": "Bearer " + browser, "Origin": origin}, false},
		{"server key", apitest.Bearer(server), true},
	}
	const refusal = "events with personal data are for server keys only (keys without allowed origins)"
	for _, event := range vocab.EventNames() {
		for _, k := range callers {
			s := apitest.Scenario{Name: k.name + " " + event, Path: "/api/v1/webhooks/poll/" + event, Headers: k.headers, ExpectedStatus: http.StatusOK}
			if !k.server && slices.Contains(personalDataEvents, event) {
				s.ExpectedStatus, s.ExpectedCode, s.ExpectedContent = http.StatusForbidden, "insufficient_scope", []string{refusal}
			}
			s.Test(t, h)
		}
	}
}

func TestPoll(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	const event = vocab.EventTestimonialSubmitted

	// Oldest first: five a second apart, then three at the same instant (ties on created).
	var oldestFirst []string
	for i := range 5 {
		oldestFirst = append(oldestFirst, submitTestimonial(t, h, "t"+strconv.Itoa(i)))
		h.Clock.Advance(time.Second)
	}
	var tied []string
	for i := range 3 {
		tied = append(tied, submitTestimonial(t, h, "tie"+strconv.Itoa(i)))
	}
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "other@example.com"}) // another type
	newestFirst := slices.Clone(oldestFirst)
	slices.Reverse(newestFirst)

	t.Run("newest first", func(t *testing.T) {
		p := poll(t, h, key, event, nil)
		if len(p.ids) != 8 || p.cursor != "" {
			t.Fatalf("%d events, cursor %q", len(p.ids), p.cursor)
		}
		if !slices.Equal(p.ids[3:], newestFirst) || !sameSet(p.ids[:3], tied) {
			t.Fatalf("order %v", p.ids)
		}
		if p.times[7] != "2026-11-21T12:00:00.000Z" || p.times[0] != "2026-11-21T12:00:05.000Z" {
			t.Fatalf("timestamps %v", p.times)
		}
	})
	t.Run("cursor pages without repeats", func(t *testing.T) {
		full := poll(t, h, key, event, nil).ids
		for _, limit := range []string{"1", "2", "3", "7"} {
			got := pollAll(t, h, key, event, url.Values{"limit": {limit}}, false)
			if !slices.Equal(got, full) {
				t.Fatalf("limit %s: %v, want %v", limit, got, full)
			}
		}
	})
	t.Run("since replays oldest first", func(t *testing.T) {
		since := apitest.Epoch.Add(2 * time.Second).Format(time.RFC3339)
		got := pollAll(t, h, key, event, url.Values{"since": {since}, "limit": {"2"}}, true)
		if len(got) != 6 || !slices.Equal(got[:3], oldestFirst[2:]) || !sameSet(got[3:], tied) {
			t.Fatalf("replay %v", got)
		}
		// The cursor alone continues the replay, oldest first.
		again := pollAll(t, h, key, event, url.Values{"since": {since}, "limit": {"2"}}, false)
		if !slices.Equal(again, got) {
			t.Fatalf("cursor without since: %v, want %v", again, got)
		}
		// An instant in another zone is the same instant.
		zoned := apitest.Epoch.Add(2 * time.Second).In(time.FixedZone("X", -5*3600)).Format(time.RFC3339Nano)
		if p := poll(t, h, key, event, url.Values{"since": {zoned}}); !slices.Equal(p.ids[:3], oldestFirst[2:]) {
			t.Fatalf("zoned since: %v", p.ids)
		}
	})
	t.Run("bad parameters", func(t *testing.T) {
		other := poll(t, h, key, vocab.EventTestimonialSubmitted, url.Values{"limit": {"1"}}).cursor
		for _, tt := range []struct{ query, param string }{
			{"limit=0", "limit"}, {"limit=101", "limit"}, {"limit=ten", "limit"},
			{"since=yesterday", "since"}, {"since=2026-11-21", "since"},
			{"cursor=garbage", "cursor"},
			{"cursor=" + other + "&since=2026-11-21T00:00:00Z", "cursor"}, // a newest-first cursor in a replay
		} {
			res := h.Get("/api/v1/webhooks/poll/"+event+"?"+tt.query, key)
			if res.Status != http.StatusBadRequest || res.ErrorCode() != "invalid_request" || !strings.Contains(string(res.Body), `\"`+tt.param+`\"`) {
				t.Errorf("%s: %d %s", tt.query, res.Status, res.Body)
			}
		}
		res := h.Get("/api/v1/webhooks/poll/"+vocab.EventNewsletterSubscribe+"?cursor="+url.QueryEscape(other), key)
		if res.Status != http.StatusBadRequest {
			t.Errorf("a cursor of another event's poll: %d", res.Status)
		}
	})
	t.Run("unknown event", func(t *testing.T) {
		for _, name := range []string{"nope", vocab.EventPing, "content.*"} {
			if res := h.Get("/api/v1/webhooks/poll/"+name, key); res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
	})
	t.Run("only the last 7 days", func(t *testing.T) {
		h.Clock.Advance(webhooks.Retention - 2*time.Second) // the first three are now older than 7 days
		defer h.Clock.Advance(-(webhooks.Retention - 2*time.Second))
		p := poll(t, h, key, event, nil)
		if len(p.ids) != 5 || slices.ContainsFunc(oldestFirst[:3], func(id string) bool { return slices.Contains(p.ids, id) }) {
			t.Fatalf("after 7 days: %v", p.ids)
		}
		since := apitest.Epoch.Format(time.RFC3339)
		if p := poll(t, h, key, event, url.Values{"since": {since}}); len(p.ids) != 5 {
			t.Fatalf("since before the window: %d events", len(p.ids))
		}
	})
}

// pollFrom polls content.created with key from the i-th of many client IPs, so that only the
// per-key cap can stop the polls.
func pollFrom(h *apitest.Harness, key string, i int) *apitest.Response {
	return h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/webhooks/poll/content.created",
		Headers: apitest.Bearer(key), RemoteAddr: fmt.Sprintf("198.51.100.%d:1234", i+1)})
}

func TestPollCap(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	key, _ := h.CreateKey(keys.ScopeRead)
	get := func(i int) *apitest.Response { return pollFrom(h, key, i) }
	for i := range rl.Poll.Burst {
		res := get(i)
		if res.Status != http.StatusOK {
			t.Fatalf("poll %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res := get(rl.Poll.Burst)
	if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" {
		t.Fatalf("poll over the cap: %d %s", res.Status, res.Body)
	}
	for _, hdr := range []string{"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
		if res.Header.Get(hdr) == "" {
			t.Errorf("429 without %s", hdr)
		}
	}
	if res.Header.Get("X-RateLimit-Limit") != strconv.Itoa(rl.Poll.Burst) || res.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("the 429 does not carry the poll cap's numbers: %v", res.Header)
	}
	// Another key is not capped by the first one's polls.
	other, _ := h.CreateKey(keys.ScopeRead)
	if res := h.Do(apitest.Request{Method: http.MethodGet, Path: "/api/v1/webhooks/poll/content.created",
		Headers: apitest.Bearer(other), RemoteAddr: "198.51.100.200:1"}); res.Status != http.StatusOK {
		t.Fatalf("another key: %d", res.Status)
	}
}

// The spec's poll cap is 20 polls in any 60 seconds with no burst on top: polls spread over
// the first minute use it up, and the next is allowed only when the oldest is 60 s old.
func TestPollCapIsASlidingMinute(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	key, _ := h.CreateKey(keys.ScopeRead)
	get := func(i int) *apitest.Response { return pollFrom(h, key, i) }
	for i := range 20 {
		if res := get(i); res.Status != http.StatusOK {
			t.Fatalf("poll %d at %v: %d %s", i+1, h.Clock.Now(), res.Status, res.Body)
		}
		h.Clock.Advance(2 * time.Second) // 20 polls over the first 40 s: a bucket would have refilled 13
	}
	h.Clock.Advance(19 * time.Second) // 59 s after the first
	res := get(20)
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "1" {
		t.Fatalf("the 21st poll within 60 s: %d Retry-After %q %s", res.Status, res.Header.Get("Retry-After"), res.Body)
	}
	h.Clock.Advance(time.Second)
	if res := get(21); res.Status != http.StatusOK || res.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("60 s after the first poll: %d remaining %q", res.Status, res.Header.Get("X-RateLimit-Remaining"))
	}
	if res := get(22); res.Status != http.StatusTooManyRequests {
		t.Fatalf("the second poll is still in the window: %d", res.Status)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
