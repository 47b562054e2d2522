//go:build system

package systemtest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// proxyWarning is a phrase of the one warning the server logs about an untrusted local proxy.
const proxyWarning = "trusted-proxy setting is empty"

// The operations page's HTTPS set-up, for real: the server on loopback behind nginx terminating TLS.
// Until the owner sets Settings → Trusted proxy, every call through the proxy is refused with a
// message naming that setting (and the server warns once); then HTTPS through the proxy is
// served with HSTS, plain HTTP through it is refused, and the rate limits count each client
// nginx saw, not nginx.
func TestHTTPSBehindNginx(t *testing.T) {
	dir := t.TempDir()
	MustRun(t, dir, "seed") // a profile, so a working key gets 200
	_, key := CreateKey(t, dir, "proxied", "read")
	// Burst 3 and one token a minute: nothing refills while the test runs.
	s := Start(t, dir, "--rate-normal", "1/min:3")
	p := StartNginx(t, s.Addr)
	owner := s.OwnerToken(t, "owner@example.com", "correct horse battery staple")
	clientA, clientB := p.Client(t, "127.0.0.2"), p.Client(t, "127.0.0.3")

	type want struct {
		status    int
		code      string
		remaining string // X-RateLimit-Remaining
		hsts      bool
		says      []string // phrases of the error's message
	}
	check := func(t *testing.T, c *http.Client, base string, w want) {
		t.Helper()
		res, env := profile(t, c, base, key)
		remaining := res.Header.Get("X-RateLimit-Remaining")
		hsts := res.Header.Get("Strict-Transport-Security") != ""
		if res.StatusCode != w.status || env.Error.Code != w.code || remaining != w.remaining || hsts != w.hsts {
			t.Fatalf("GET %s/api/v1/profile: status %d, code %q, remaining %q, HSTS %v; want %+v (message %q)",
				base, res.StatusCode, env.Error.Code, remaining, hsts, w, env.Error.Message)
		}
		for _, phrase := range w.says {
			if !strings.Contains(env.Error.Message, phrase) {
				t.Fatalf("message %q does not say %q", env.Error.Message, phrase)
			}
		}
	}
	untrusted := []string{"Settings → Trusted proxy", "X-Forwarded-For", "--require-https=off"}

	t.Run("without the trusted-proxy setting", func(t *testing.T) {
		// All three count against one bucket: without the setting the client is nginx.
		check(t, clientA, p.HTTPS, want{403, "https_required", "2", false, untrusted})
		check(t, clientB, p.HTTPS, want{403, "https_required", "1", false, untrusted})
		check(t, clientA, p.HTTP, want{403, "https_required", "0", false, untrusted})
	})

	status, body := s.Do(t, http.MethodPatch, "/api/settings", owner,
		map[string]any{"trustedProxy": map[string]any{"headers": []string{"X-Forwarded-For"}}})
	if status != http.StatusOK {
		t.Fatalf("PATCH /api/settings: %d %s", status, body)
	}

	t.Run("with the trusted-proxy setting", func(t *testing.T) {
		check(t, clientA, p.HTTPS, want{200, "", "2", true, nil})
		check(t, clientA, p.HTTP, want{403, "https_required", "1", false, []string{"HTTPS only"}})
		check(t, clientA, p.HTTPS, want{200, "", "0", true, nil})
		check(t, clientA, p.HTTPS, want{429, "rate_limited", "0", false, nil}) // counted before the HTTPS check
		check(t, clientB, p.HTTPS, want{200, "", "2", true, nil})              // its own bucket
	})

	t.Run("the warning is logged once", func(t *testing.T) {
		count := func() int { return warningCount(t, s, owner) }
		WaitUntil(t, 30*time.Second, "the warning in the server's logs", func() bool { return count() > 0 })
		if n := count(); n != 1 {
			t.Fatalf("%d warnings about the untrusted proxy after three refused requests, want 1", n)
		}
	})
}

// apiError is the error envelope.
type apiError struct {
	Error struct{ Code, Message string }
}

// profile GETs base/api/v1/profile with key through c and returns the response (body read)
// and its error envelope, if any.
func profile(t *testing.T, c *http.Client, base, key string) (*http.Response, apiError) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+"/api/v1/profile", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	res, body := Send(t, c, req)
	var env apiError
	if res.StatusCode >= 400 {
		if err := json.Unmarshal(body, &env); err != nil {
			t.Fatalf("%d with a body that is not an envelope: %s", res.StatusCode, body)
		}
	}
	return res, env
}

// warningCount is how many of the server's stored log entries are the untrusted-proxy warning
// (PocketBase writes its logs in batches, a few seconds after the last entry).
func warningCount(t *testing.T, s *Server, owner string) int {
	t.Helper()
	return logCount(t, s, owner, proxyWarning)
}

// logCount is how many of the server's stored log entries hold phrase in their message.
func logCount(t *testing.T, s *Server, owner, phrase string) int {
	t.Helper()
	filter := url.QueryEscape("message ~ '" + phrase + "'")
	status, body := s.Get(t, "/api/logs?perPage=50&filter="+filter, owner)
	var page struct{ TotalItems int }
	if err := json.Unmarshal(body, &page); status != http.StatusOK || err != nil {
		t.Fatalf("GET /api/logs: %d %s", status, body)
	}
	return page.TotalItems
}
