package routes_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/members"
	"github.com/creator-content-api/server/routes/metrics"
)

// Every sign-in attempt refused by a limit, and every code or token that signs nobody in, is
// counted in cca_member_sign_in_refusals_total by reason, so an owner sees guessing.
func TestMemberSignInRefusalsAreCounted(t *testing.T) {
	t.Parallel()
	s := newMemberSite(t)
	m := metrics.New()
	if err := m.Register(metrics.NewSourceCollector(metrics.Sources{MemberSignIn: s.h.API.MemberSignInRefusals})); err != nil {
		t.Fatal(err)
	}
	scrape := func(want map[string]int) {
		t.Helper()
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		for reason, n := range want {
			line := fmt.Sprintf("cca_member_sign_in_refusals_total{reason=%q} %d\n", reason, n)
			if !strings.Contains(rec.Body.String(), line) {
				t.Errorf("no %s in\n%s", strings.TrimSpace(line), rec.Body.String())
			}
		}
	}
	scrape(map[string]int{"codes_per_address": 0, "codes_per_ip": 0, "guesses_per_address": 0, "guesses_per_ip": 0, "invalid_code": 0})

	call := func(ip, path string, body map[string]any, status int) {
		t.Helper()
		res := s.h.Do(apitest.Request{Method: http.MethodPost, Path: path, Headers: s.headers(""), Body: body, RemoteAddr: ip + ":1000"})
		if res.Status != status {
			t.Fatalf("%s %v from %s: %d %s, want %d", path, body, ip, res.Status, res.Body, status)
		}
	}
	signIn := func(ip, email string, status int) {
		call(ip, "/api/v1/members/sign-in", map[string]any{"email": email}, status)
	}
	verify := func(ip string, body map[string]any, status int) { call(ip, "/api/v1/members/verify", body, status) }

	var code string
	for i := range members.CodesPerAddress + 1 {
		if i < members.CodesPerAddress {
			code = s.signIn(t, "ada@example.com") // from the harness's address
		} else {
			signIn("198.51.100.1", "ada@example.com", http.StatusTooManyRequests)
		}
	}
	for i := range members.CodesPerIP + 1 {
		status := http.StatusAccepted
		if i == members.CodesPerIP {
			status = http.StatusTooManyRequests
		}
		signIn("198.51.100.2", fmt.Sprintf("reader%d@example.com", i), status)
	}
	for i := range members.GuessesPerAddress + 1 {
		status := http.StatusBadRequest
		if i == members.GuessesPerAddress {
			status = http.StatusTooManyRequests
		}
		verify("198.51.100.3", map[string]any{"email": "ada@example.com", "code": otherCode(code)}, status)
	}
	for i := range members.GuessesPerIP + 1 {
		status := http.StatusBadRequest
		if i == members.GuessesPerIP {
			status = http.StatusTooManyRequests
		}
		verify("198.51.100.4", map[string]any{"token": fmt.Sprintf("guess-%d", i)}, status)
	}
	scrape(map[string]int{"codes_per_address": 1, "codes_per_ip": 1, "guesses_per_address": 1, "guesses_per_ip": 1,
		"invalid_code": members.GuessesPerAddress + members.GuessesPerIP})
}
