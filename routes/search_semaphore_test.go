package routes_test

import (
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// searchesWaitForATurn holds every search turn, as that many long searches would, and checks
// with a forced interleaving that a v1 and a v2 search wait for one while lists without `q`
// (and a `q` without words) answer at once; given the turns back, the searches answer what
// they should. TestSearch runs it last, on its harness.
func searchesWaitForATurn(t *testing.T, h *apitest.Harness, key string) {
	h = h.For(t)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Gophers at work", "visibility": "public"})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Rust notes", "visibility": "public"})

	release := h.API.HoldSearchTurns()
	searches := []string{"/api/v1/posts?q=gopher", "/api/v2/posts?q=gopher"}
	answers := make(chan *apitest.Response, len(searches))
	for _, path := range searches {
		go func() { answers <- h.Get(path, key) }()
	}
	waitUntil(t, "both searches wait for a turn", func() bool { return h.API.SearchesWaiting() == len(searches) })

	for _, path := range []string{"/api/v1/posts", "/api/v2/posts", "/api/v1/posts?q=%20%2B%20"} {
		apitest.Scenario{Path: path, Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK}.Test(t, h)
	}
	select {
	case res := <-answers:
		t.Fatalf("a search answered (%d) while every turn was taken", res.Status)
	default:
	}

	release()
	for range searches {
		res := <-answers
		wantStatus(t, res, http.StatusOK)
		if body := string(res.Body); !strings.Contains(body, "Gophers at work") || strings.Contains(body, "Rust notes") {
			t.Errorf("search answered %s", body)
		}
	}
	if n := h.API.SearchesWaiting(); n != 0 {
		t.Errorf("%d searches still wait", n)
	}
}

// waitUntil polls cond until it holds, failing the test after a minute.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not reached within a minute: %s", what)
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
}
