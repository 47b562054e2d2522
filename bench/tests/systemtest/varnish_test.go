//go:build system

package systemtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sharedMaxAge is the server's --shared-cache-max-age here: short, so that each bound the
// operations page states for a shared cache (an edit, an unpublished post, a revoked key show there
// within s-maxage) is seen within the test.
const sharedMaxAge = 2 * time.Second

// slack is what a bound may take beyond s-maxage: Varnish counts a copy's age in whole seconds.
const slack = time.Second

// A read storm through Varnish (bench/varnish/cca.vcl, which honours the service's own
// Cache-Control, ETag and Vary): the origin sees about one request per s-maxage for the URL,
// and what a shared cache may not keep (private reads, errors) always reaches the origin.
func TestVarnishAbsorbsTheReadStorm(t *testing.T) {
	dir := t.TempDir()
	_, writer := CreateKey(t, dir, "writer", "read", "write")
	readerID, reader := CreateKey(t, dir, "site", "read")
	_, privateReader := CreateKey(t, dir, "backend", "read:content")
	metrics, mflags := MetricsFlags(t)
	// Varnish speaks plain HTTP here (no TLS in front of it): the HTTPS check is off, as for a
	// proxy in local development.
	s := Start(t, dir, append([]string{"--rate-limits=off", "--require-https=off", "--shared-cache-max-age=" + sharedMaxAge.String()}, mflags...)...)
	v := StartVarnish(t, s.Addr)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	get := func(path, secret string) (int, []byte, http.Header) {
		req, err := http.NewRequest(http.MethodGet, v.Base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+secret)
		res, body := Send(t, client, req)
		return res.StatusCode, body, res.Header
	}
	// originSaw counts the requests for route the origin answered with status ("": any).
	originSaw := func(route, status string) float64 {
		series := fmt.Sprintf(`http_server_request_duration_seconds_count{method="GET",route=%q,`, route)
		if status != "" {
			series += fmt.Sprintf(`status=%q}`, status)
		}
		return Sample(t, metrics, series)
	}
	newPost := func(title string) (id, slug string) {
		status, body := s.Do(t, http.MethodPost, "/api/v1/posts", "Bearer "+writer,
			map[string]any{"title": title, "content": "<p>" + title + "</p>", "visibility": "public", "draft": false})
		if status != http.StatusCreated {
			t.Fatalf("create %q: %d %s", title, status, body)
		}
		var created struct{ Data struct{ ID, Slug string } }
		if err := json.Unmarshal(body, &created); err != nil {
			t.Fatal(err)
		}
		return created.Data.ID, created.Data.Slug
	}
	firstID, first := newPost("First through the cache")

	t.Run("storm on one URL", func(t *testing.T) {
		const clients, storm = 32, 3 * sharedMaxAge // long enough for the copy to expire twice
		before, revalidated := originSaw("/api/v1/posts", ""), originSaw("/api/v1/posts", "304")
		var failed, sent atomic.Int64
		var wg sync.WaitGroup
		started := time.Now()
		for range clients {
			wg.Go(func() {
				for time.Since(started) < storm {
					sent.Add(1)
					if status, _, _ := get("/api/v1/posts?limit=20", reader); status != http.StatusOK {
						failed.Add(1)
					}
				}
			})
		}
		wg.Wait()
		took := time.Since(started)
		seen := originSaw("/api/v1/posts", "") - before
		revalidated = originSaw("/api/v1/posts", "304") - revalidated
		// The first fetch, then one revalidation each time the copy expires.
		allowed := 2 + float64(took/sharedMaxAge)
		t.Logf("%d requests in %v through Varnish, %d not 200; the origin answered %.0f, %.0f of them 304 (at most %.0f allowed)",
			sent.Load(), took.Round(time.Millisecond), failed.Load(), seen, revalidated, allowed)
		if failed.Load() != 0 || seen > allowed {
			t.Fatalf("%d failed; the origin saw %.0f requests, more than %.0f", failed.Load(), seen, allowed)
		}
	})

	t.Run("a new post shows within s-maxage", func(t *testing.T) {
		get("/api/v1/posts?limit=20", reader) // a copy in the cache
		title := "Second through the cache"
		_, _ = newPost(title)
		took := WaitUntil(t, sharedMaxAge+slack, "the new post through Varnish", func() bool {
			_, body, _ := get("/api/v1/posts?limit=20", reader)
			return strings.Contains(string(body), title)
		})
		t.Logf("visible through Varnish %v after it was written", took.Round(time.Millisecond))
	})

	t.Run("an unpublished post is gone within s-maxage", func(t *testing.T) {
		if status, _, hdr := get("/api/v1/posts/"+first, reader); status != http.StatusOK {
			t.Fatalf("the post: %d", status)
		} else if hdr.Get("Cache-Control") != "public, max-age=0, s-maxage=2, must-revalidate" {
			t.Fatalf("Cache-Control %q", hdr.Get("Cache-Control"))
		}
		if status, body := s.Do(t, http.MethodPatch, "/api/v1/posts/"+firstID, "Bearer "+writer, map[string]any{"draft": true}); status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", status, body)
		}
		WaitUntil(t, sharedMaxAge+slack, "404 for the unpublished post through Varnish", func() bool {
			status, _, _ := get("/api/v1/posts/"+first, reader)
			return status == http.StatusNotFound
		})
	})

	t.Run("private reads and errors always reach the origin", func(t *testing.T) {
		before := originSaw("/api/v2/posts", "200")
		for range 3 {
			if status, _, hdr := get("/api/v2/posts", privateReader); status != http.StatusOK || hdr.Get("X-Cache") != "MISS" {
				t.Fatalf("v2: %d %s", status, hdr.Get("X-Cache"))
			}
		}
		if seen := originSaw("/api/v2/posts", "200") - before; seen != 3 {
			t.Fatalf("the origin saw %.0f of 3 private reads", seen)
		}
	})

	t.Run("a revoked key stops within s-maxage", func(t *testing.T) {
		if status, _, _ := get("/api/v1/posts?limit=20", reader); status != http.StatusOK {
			t.Fatalf("before the revoke: %d", status)
		}
		MustRun(t, dir, "keys", "revoke", readerID) // a second process
		took := WaitUntil(t, sharedMaxAge+slack, "401 for the revoked key through Varnish", func() bool {
			status, _, _ := get("/api/v1/posts?limit=20", reader)
			return status == http.StatusUnauthorized
		})
		t.Logf("refused through Varnish %v after the revoke", took.Round(time.Millisecond))
		before := originSaw("/api/v1/posts", "401")
		get("/api/v1/posts?limit=20", reader)
		get("/api/v1/posts?limit=20", reader)
		if seen := originSaw("/api/v1/posts", "401") - before; seen != 2 {
			t.Fatalf("the origin saw %.0f of 2 refused reads: an error was kept", seen)
		}
	})
}
