//go:build system

package systemtest

import (
	"encoding/json"
	"net/http"
	"testing"
)

// A member the owner switches off on one server is refused on another server of the same data
// directory within a second (issue 31): the members' generation moves on the write, and each
// process drops the token answers it kept.
func TestMemberSwitchOffReachesRunningServers(t *testing.T) {
	dir := t.TempDir()
	first := Start(t, dir, "--rate-limits=off")
	second := Start(t, dir, "--rate-limits=off")
	owner := second.OwnerToken(t, "owner@example.com", "correct horse battery staple")
	_, key := CreateKey(t, dir, "site", "members")

	status, body := second.Do(t, http.MethodPost, "/api/collections/members/records", owner, map[string]any{
		"email": "ada@example.com", "password": "a long member password", "passwordConfirm": "a long member password", "verified": true})
	if status != http.StatusOK {
		t.Fatalf("creating a member: %d %s", status, body)
	}
	var member struct{ ID string }
	if err := json.Unmarshal(body, &member); err != nil {
		t.Fatal(err)
	}
	status, body = first.Do(t, http.MethodPost, "/api/collections/members/auth-with-password", "",
		map[string]any{"identity": "ada@example.com", "password": "a long member password"})
	var auth struct{ Token string }
	if err := json.Unmarshal(body, &auth); status != http.StatusOK || err != nil || auth.Token == "" {
		t.Fatalf("a member token: %d %s", status, body)
	}
	me := func() (int, string) {
		req, err := http.NewRequest(http.MethodGet, first.Base+"/api/v1/members/me", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("X-Member-Token", auth.Token)
		res, body := Send(t, first.Client, req)
		return res.StatusCode, ErrorCode(body)
	}
	if status, code := me(); status != http.StatusOK {
		t.Fatalf("the member on the first server: %d %s, want 200", status, code)
	}
	if status, body := second.Do(t, http.MethodPatch, "/api/collections/members/records/"+member.ID, owner,
		map[string]any{"disabled": true}); status != http.StatusOK {
		t.Fatalf("switching the member off on the second server: %d %s", status, body)
	}
	took := WaitUntil(t, inForce, "401 invalid_member_token on the first server", func() bool {
		status, code := me()
		return status == http.StatusUnauthorized && code == "invalid_member_token"
	})
	t.Logf("switch-off in force %v after the PATCH answered", took)
}
