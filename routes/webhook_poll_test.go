package routes_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
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
	res := storyStep(t, h, apitest.Scenario{Path: "/api/v1/webhooks/poll/" + event + "?" + params.Encode(), Headers: apitest.Bearer(key),
		ExpectedStatus: http.StatusOK})
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
	other, _ := h.CreateKey(keys.ScopeReadContent)
	const path = "/api/v1/webhooks/events"
	for _, s := range []apitest.Scenario{
		{Name: "the catalogue", Path: path, Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK, After: checkEventCatalogue},
		{Name: "without a key", Path: path, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "with read:content", Path: path, Headers: apitest.Bearer(other), ExpectedStatus: http.StatusForbidden, ExpectedCode: "insufficient_scope"},
	} {
		s.Test(t, h)
	}
}

// checkEventCatalogue checks the answer of GET /api/v1/webhooks/events: every event type, in
// the vocabulary's order, described, personal data marked.
func checkEventCatalogue(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
	t.Helper()
	var names []string
	for _, d := range res.JSON(t)["data"].([]any) {
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
		t.Errorf("names %v", names)
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
	h.SaveRecord(vocab.NewsletterSubscribers, map[string]any{"email": "other@example.com", "status": "confirmed"}) // another type
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
		bad := func(query, param string) apitest.Scenario {
			return apitest.Scenario{Name: query, Path: "/api/v1/webhooks/poll/" + event + "?" + query, Headers: apitest.Bearer(key),
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"` + param + `\"`}}
		}
		for _, s := range []apitest.Scenario{
			bad("limit=0", "limit"), bad("limit=101", "limit"), bad("limit=ten", "limit"),
			bad("since=yesterday", "since"), bad("since=2026-11-21", "since"),
			bad("cursor=garbage", "cursor"),
			bad("cursor="+other+"&since=2026-11-21T00:00:00Z", "cursor"), // a newest-first cursor in a replay
			{Name: "a cursor of another event's poll", Path: "/api/v1/webhooks/poll/" + vocab.EventNewsletterSubscribe + "?cursor=" + url.QueryEscape(other),
				Headers: apitest.Bearer(key), ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request"},
		} {
			s.Test(t, h)
		}
	})
	t.Run("unknown event", func(t *testing.T) {
		for _, name := range []string{"nope", vocab.EventPing, "content.*"} {
			apitest.Scenario{Path: "/api/v1/webhooks/poll/" + name, Headers: apitest.Bearer(key),
				ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}.Test(t, h)
		}
	})
	t.Run("only the last 7 days", func(t *testing.T) {
		h.Clock.Advance(outbox.Retention - 2*time.Second) // the first three are now older than 7 days
		defer h.Clock.Advance(-(outbox.Retention - 2*time.Second))
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

// pollFrom is a poll of content.created with key from the i-th of many client IPs, so that
// only the per-key cap can stop the polls, and the answer it must get.
func pollFrom(key string, i, status int, code string, headers map[string]string) apitest.Scenario {
	return apitest.Scenario{Name: fmt.Sprintf("poll %d", i+1), Path: "/api/v1/webhooks/poll/content.created",
		Headers: apitest.Bearer(key), RemoteAddr: fmt.Sprintf("198.51.100.%d:1234", i+1),
		ExpectedStatus: status, ExpectedCode: code, ExpectedHeaders: headers}
}

func TestPollCap(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	key, _ := h.CreateKey(keys.ScopeRead)
	for i := range rl.Poll.Burst {
		pollFrom(key, i, http.StatusOK, "", nil).Test(t, h)
	}
	pollFrom(key, rl.Poll.Burst, http.StatusTooManyRequests, "rate_limited", map[string]string{
		"Retry-After": apitest.Present, "X-RateLimit-Reset": apitest.Present,
		"X-RateLimit-Limit": strconv.Itoa(rl.Poll.Burst), "X-RateLimit-Remaining": "0", // the poll cap's numbers
	}).Test(t, h)
	// Another key is not capped by the first one's polls.
	other, _ := h.CreateKey(keys.ScopeRead)
	pollFrom(other, 199, http.StatusOK, "", nil).Test(t, h)
}

// The spec's poll cap is 20 polls in any 60 seconds with no burst on top: polls spread over
// the first minute use it up, and the next is allowed only when the oldest is 60 s old.
func TestPollCapIsASlidingMinute(t *testing.T) {
	t.Parallel()
	rl := routes.DefaultRateLimits()
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	key, _ := h.CreateKey(keys.ScopeRead)
	for i := range 20 {
		pollFrom(key, i, http.StatusOK, "", nil).Test(t, h)
		h.Clock.Advance(2 * time.Second) // 20 polls over the first 40 s: a bucket would have refilled 13
	}
	h.Clock.Advance(19 * time.Second) // 59 s after the first
	pollFrom(key, 20, http.StatusTooManyRequests, "rate_limited", map[string]string{"Retry-After": "1"}).Test(t, h)
	h.Clock.Advance(time.Second) // 60 s after the first poll
	pollFrom(key, 21, http.StatusOK, "", map[string]string{"X-RateLimit-Remaining": "0"}).Test(t, h)
	pollFrom(key, 22, http.StatusTooManyRequests, "rate_limited", nil).Test(t, h) // the second is still in the window
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
