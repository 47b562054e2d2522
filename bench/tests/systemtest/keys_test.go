//go:build system

package systemtest

import (
	"net/http"
	"testing"
	"time"
)

// inForce is how soon a key change made by any process must be in force on every running
// server (issue 10).
const inForce = time.Second

// A change to a key made outside a running server (a `keys` command at a terminal, a second
// server on the same data directory) is in force on the running server within a second.
func TestKeyChangesReachRunningServers(t *testing.T) {
	dir := t.TempDir()
	MustRun(t, dir, "seed") // a profile, so a working key gets 200
	first := Start(t, dir, "--rate-limits=off")
	second := Start(t, dir, "--rate-limits=off")
	owner := second.OwnerToken(t, "owner@example.com", "correct horse battery staple")

	profile := func(t *testing.T, s *Server, secret string) (int, string) {
		status, body := s.Get(t, "/api/v1/profile", "Bearer "+secret)
		return status, ErrorCode(body)
	}
	answers := func(t *testing.T, s *Server, secret string, status int, code string) func() bool {
		return func() bool {
			got, gotCode := profile(t, s, secret)
			return got == status && gotCode == code
		}
	}
	works := func(t *testing.T, s *Server, secret string) func() bool {
		return answers(t, s, secret, http.StatusOK, "")
	}
	// newKey creates a key from a terminal and uses it on the first server, which caches it.
	newKey := func(t *testing.T, name string) (id, secret string) {
		id, secret = CreateKey(t, dir, name, "read")
		if status, code := profile(t, first, secret); status != http.StatusOK {
			t.Fatalf("a new key: %d %s, want 200", status, code)
		}
		return id, secret
	}
	patch := func(t *testing.T, id string, body map[string]any) {
		if status, resp := second.Do(t, http.MethodPatch, "/api/admin/api-keys/"+id, owner, body); status != http.StatusOK {
			t.Fatalf("PATCH %v on the second server: %d %s", body, status, resp)
		}
	}

	t.Run("revoke at a terminal", func(t *testing.T) {
		id, secret := newKey(t, "revoked")
		MustRun(t, dir, "keys", "revoke", id)
		took := WaitUntil(t, inForce, "401 for the revoked key", answers(t, first, secret, http.StatusUnauthorized, "unauthorized"))
		t.Logf("revoke in force %v after the command ended", took)
	})

	t.Run("rotate twice at a terminal", func(t *testing.T) {
		id, original := newKey(t, "rotated")
		rotated := FindKey(MustRun(t, dir, "keys", "rotate", id))
		WaitUntil(t, inForce, "the new secret working", works(t, first, rotated))
		HoldsFor(t, inForce, "the old secret working through its grace", works(t, first, original))

		again := FindKey(MustRun(t, dir, "keys", "rotate", id))
		took := WaitUntil(t, inForce, "401 for the secret two rotations old", answers(t, first, original, http.StatusUnauthorized, "unauthorized"))
		t.Logf("second rotation in force %v after the command ended", took)
		for _, secret := range []string{rotated, again} {
			if status, code := profile(t, first, secret); status != http.StatusOK {
				t.Fatalf("the two newest secrets: %d %s, want 200", status, code)
			}
		}
	})

	t.Run("switch off on a second server", func(t *testing.T) {
		id, secret := newKey(t, "switched off")
		patch(t, id, map[string]any{"active": false})
		if status, code := profile(t, second, secret); status != http.StatusForbidden || code != "key_disabled" {
			t.Fatalf("the second server, whose own hook saw the change: %d %s, want 403 key_disabled", status, code)
		}
		took := WaitUntil(t, inForce, "403 key_disabled on the first server", answers(t, first, secret, http.StatusForbidden, "key_disabled"))
		t.Logf("switch-off in force %v after the PATCH answered", took)
	})

	t.Run("scope dropped on a second server", func(t *testing.T) {
		id, secret := newKey(t, "narrowed")
		patch(t, id, map[string]any{"scopes": []string{"write"}})
		took := WaitUntil(t, inForce, "403 insufficient_scope on the first server", answers(t, first, secret, http.StatusForbidden, "insufficient_scope"))
		t.Logf("scope change in force %v after the PATCH answered", took)
	})
}
