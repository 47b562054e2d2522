package keys_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
)

var keyPattern = regexp.MustCompile(`svc_live_[0-9A-Za-z]{38}`)

// The owner's terminal: create prints the key once, list never shows it, rotate prints a new
// one and when the old one stops, revoke ends it; bad input is refused with a clear error.
func TestKeysCommand(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	run := func(args ...string) (string, error) {
		return apitest.RunCommand(keys.NewCommand(h.App, h.Clock.Now), args...)
	}

	out, err := run("create", "--name", "Site", "--scopes", "read, write", "--origins", "https://Example.com")
	secret := keyPattern.FindString(out)
	if err != nil || !keys.WellFormed(secret) || !strings.Contains(out, "shown only this once") {
		t.Fatalf("create: %v\n%s", err, out)
	}
	recs, err := keys.List(h.App)
	if err != nil || len(recs) != 1 {
		t.Fatalf("keys stored: %d, %v", len(recs), err)
	}
	id := recs[0].Id
	if got := recs[0].GetString("key_hash"); got != keys.Hash(secret) {
		t.Fatal("the stored hash is not the hash of the printed key")
	}
	if got := h.Do(apitest.Request{Method: "GET", Path: "/api/v1/profile", Headers: map[string]string{
		"Authorization": "Bearer " + secret, "Origin": "https://example.com"}}); got.Status != 404 || got.ErrorCode() != "not_found" {
		t.Fatalf("the created key authenticates (no profile yet → 404): %d %s", got.Status, got.Body)
	}

	out, err = run("list")
	if err != nil || !strings.Contains(out, id) || !strings.Contains(out, secret[:17]+"…"+secret[43:]) || strings.Contains(out, secret) {
		t.Fatalf("list: %v\n%s", err, out)
	}

	out, err = run("rotate", id)
	rotated := keyPattern.FindString(out)
	grace := h.Clock.Now().Add(24 * time.Hour).UTC().Format("2006-01-02 15:04:05.000Z")
	if err != nil || rotated == "" || rotated == secret || !strings.Contains(out, "works until "+grace) {
		t.Fatalf("rotate: %v\n%s", err, out)
	}

	if out, err = run("revoke", id); err != nil || !strings.Contains(out, "Revoked key "+id) {
		t.Fatalf("revoke: %v\n%s", err, out)
	}
	if recs, _ := keys.List(h.App); len(recs) != 0 {
		t.Fatal("the key is still stored after revoke")
	}

	// Refusals are sentences for a person at a terminal, never an HTTP status.
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "--scopes", "read"}, "name: is required"},
		{[]string{"create", "--name", "x"}, "scopes: at least one scope is required"},
		{[]string{"create", "--name", "x", "--scopes", "admin"}, `scopes: unknown scope "admin"`},
		{[]string{"create", "--name", "x", "--scopes", "read", "--expiry", "tomorrow"}, "--expiry: expected an RFC 3339 date-time"},
		{[]string{"create", "--name", "x", "--scopes", "read", "--expiry", "9999-12-31T23:59:59-01:00"}, "--expiry: expected an RFC 3339 date-time"},
		{[]string{"create", "--name", "x", "--scopes", "read", "--origins", "example.com"}, `allowed_origins: "example.com" is not an http(s) origin`},
		{[]string{"rotate", "nosuchkey12345"}, "API key not found: nosuchkey12345"},
		{[]string{"revoke", "nosuchkey12345"}, "API key not found: nosuchkey12345"},
		{[]string{"rotate"}, "accepts 1 arg(s), received 0"},
	} {
		out, err := run(bad.args...)
		if err == nil || !strings.Contains(out, bad.want) || strings.Contains(out, "invalid_request") {
			t.Errorf("keys %v: %v\n%s\nwant an error saying %q", bad.args, err, out, bad.want)
		}
	}
	if recs, _ := keys.List(h.App); len(recs) != 0 {
		t.Fatalf("refused commands stored %d keys", len(recs))
	}
}
