package contract_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/pb_public/contract"
	"github.com/creator-content-api/server/routes"
)

// TestRoutesAreInTheContract: every route the app registers under /api/v1, /api/v2 and
// /api/admin is a contract operation, every operation is registered, and each agrees on its
// scope (or owner login).
func TestRoutesAreInTheContract(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	doc := load(t)
	cov := doc.Cover(registered(h))
	if !cov.OK() {
		t.Errorf("code and contract disagree:\n%s", cov)
	}
}

func registered(h *apitest.Harness) []contract.Route {
	var out []contract.Route
	for _, r := range h.API.Routes() {
		out = append(out, contract.Route{Method: r.Method, Path: r.Path, Owner: r.Auth == routes.AuthOwner, Scope: r.Scope})
	}
	return out
}

// liveOperations are the contract's operations that the app registers (all of them once code
// and contract agree; TestRoutesAreInTheContract reports the others).
func liveOperations(t *testing.T, h *apitest.Harness) []*contract.Operation {
	t.Helper()
	var routes []string
	for _, r := range h.API.Routes() {
		routes = append(routes, r.Method+" "+r.Path)
	}
	var out []*contract.Operation
	for _, op := range load(t).Operations() {
		if slices.Contains(routes, op.String()) {
			out = append(out, op)
		}
	}
	if len(out) == 0 {
		t.Fatal("no operation of the contract is registered")
	}
	return out
}

// absentID is a well-formed record id that no record has.
const absentID = "zzzzzzzzzzzzzzz"

// concrete fills a path template: an event name for {event}, a delivery id for the
// redeliver route, an absent record id (or slug) elsewhere.
func concrete(op *contract.Operation) string {
	r := strings.NewReplacer("{event}", "content.created", "{idOrSlug}", absentID)
	p := r.Replace(op.Path)
	if strings.HasPrefix(op.Path, "/api/admin/webhook-deliveries/") {
		return strings.Replace(p, "{id}", "dlv_"+absentID, 1)
	}
	return strings.ReplaceAll(p, "{id}", absentID)
}

// TestRateLimitTiers checks each operation's x-rate-limit-tier against the server: the
// X-RateLimit-Limit of an unauthenticated call is its tier's burst (the poll tier counts as
// Normal per IP), and a poll with a key reports the per-key poll cap when that is tighter.
func TestRateLimitTiers(t *testing.T) {
	rl := routes.DefaultRateLimits()
	rl.Poll.Burst = 3 // below Normal's 10, so the poll cap's headers win
	h := apitest.New(t, apitest.Options{RateLimits: &rl})
	burst := map[string]int{"normal": rl.Normal.Burst, "moderate": rl.Moderate.Burst, "poll": rl.Normal.Burst}
	for i, op := range liveOperations(t, h) {
		want, ok := burst[op.Tier]
		if !ok {
			t.Errorf("%s: unknown x-rate-limit-tier %q", op, op.Tier)
			continue
		}
		res := h.Do(apitest.Request{Method: op.Method, Path: concrete(op), RemoteAddr: fmt.Sprintf("198.51.100.%d:1000", i+1)})
		if res.Status != http.StatusUnauthorized || res.Header.Get("X-RateLimit-Limit") != strconv.Itoa(want) {
			t.Errorf("%s (x-rate-limit-tier %s): got %d with X-RateLimit-Limit %q, want 401 with %d",
				op, op.Tier, res.Status, res.Header.Get("X-RateLimit-Limit"), want)
		}
		if op.Tier == "poll" {
			key, _ := h.CreateKey(op.Scopes...)
			res := h.Do(apitest.Request{Method: op.Method, Path: concrete(op), Headers: apitest.Bearer(key), RemoteAddr: "198.51.100.250:1000"})
			if got := res.Header.Get("X-RateLimit-Limit"); got != strconv.Itoa(rl.Poll.Burst) {
				t.Errorf("%s: a keyed poll reports X-RateLimit-Limit %q, want the poll cap's %d (status %d)", op, got, rl.Poll.Burst, res.Status)
			}
		}
	}
}

// TestScopesAreEnforced checks x-required-scopes against the server: a key with every other
// scope is 403 insufficient_scope, a key with just the documented scope gets past
// authentication; owner-only operations refuse even an all-scopes key and admit the owner.
// Every answer is validated against the contract by the harness, so this also sweeps the
// documented error and success shapes of all operations.
func TestScopesAreEnforced(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	allScopes, _ := h.CreateKey(keys.Scopes()...)
	owner := map[string]string{"Authorization": h.SuperuserToken()}
	for _, op := range liveOperations(t, h) {
		path := concrete(op)
		if op.Owner {
			if res := h.Do(apitest.Request{Method: op.Method, Path: path, Headers: apitest.Bearer(allScopes)}); res.Status != http.StatusUnauthorized {
				t.Errorf("%s: an API key got %d, want 401 (owner only)", op, res.Status)
			}
			if res := h.Do(apitest.Request{Method: op.Method, Path: path, Headers: owner}); res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden {
				t.Errorf("%s: the owner got %d %s", op, res.Status, res.Body)
			}
			continue
		}
		need := op.Scopes[0]
		var others []string
		for _, s := range keys.Scopes() {
			if !keys.Grants([]string{s}, need) {
				others = append(others, s)
			}
		}
		other, _ := h.CreateKey(others...)
		if res := h.Do(apitest.Request{Method: op.Method, Path: path, Headers: apitest.Bearer(other)}); res.Status != http.StatusForbidden || res.ErrorCode() != "insufficient_scope" {
			t.Errorf("%s: a key without %s got %d %s, want 403 insufficient_scope", op, need, res.Status, res.Body)
		}
		only, _ := h.CreateKey(need)
		req := apitest.Request{Method: op.Method, Path: path, Headers: apitest.Bearer(only)}
		if need == keys.ScopeMembers { // a member's own routes take their token too
			req.Headers["X-Member-Token"] = h.MemberToken("scopes@example.com", nil)
		}
		if op.Streaming { // the client has left by the time the stream starts: it answers and ends
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			req.Context = ctx
		}
		if res := h.Do(req); res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden {
			t.Errorf("%s: a key with just %s got %d %s", op, need, res.Status, res.Body)
		}
	}
}
