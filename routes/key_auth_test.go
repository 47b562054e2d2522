package routes_test

import (
	"testing"
	"time"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func seedProfile(t *testing.T, h *apitest.Harness) {
	t.Helper()
	h.SaveRecord(vocab.Profile, map[string]any{"name": "Ada Lovelace", "headline": "Writes about engines"})
}

// TestAPIKeyAuth: how a key is read, checked and cached, on one app: each part makes keys of
// its own, and none depends on the clock's reading.
func TestAPIKeyAuth(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	seedProfile(t, h)
	for name, part := range map[string]func(*testing.T, *apitest.Harness){
		"matrix":                  apiKeyAuthMatrix,
		"rotation grace":          rotationGrace,
		"warm key costs no query": warmKeyCostsNoQuery,
		"last use is written":     lastUsedIsWritten,
	} {
		t.Run(name, func(t *testing.T) { part(t, h.For(t)) })
	}
}

// apiKeyAuthMatrix: what a key and its request must be for a 200, and each refusal's code.
func apiKeyAuthMatrix(t *testing.T, h *apitest.Harness) {
	ptr := func(v bool) *bool { return &v }
	past := h.Clock.Now().Add(-time.Minute)
	origins := []string{"https://site.example"}

	valid, _ := h.CreateKey(keys.ScopeRead)
	writeOnly, _ := h.CreateKey(keys.ScopeWrite)
	disabled, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, Active: ptr(false)})
	expired, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, Expiry: &past})
	disabledExpired, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, Expiry: &past, Active: ptr(false)})
	restricted, _ := h.CreateKeyWith(keys.Fields{Scopes: &[]string{keys.ScopeRead}, AllowedOrigins: &origins})
	deleted, deletedID := h.CreateKey(keys.ScopeRead)
	if err := keys.Revoke(h.App, deletedID); err != nil {
		t.Fatal(err)
	}
	unknown, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	typo := valid[:len(valid)-1] + string(rune(valid[len(valid)-1]^1))

	get := func(name, path string, headers map[string]string, status int, code string) apitest.Scenario {
		return apitest.Scenario{Name: name, Path: path, Headers: headers, ExpectedStatus: status, ExpectedCode: code,
			ExpectedHeaders: map[string]string{"X-Request-Id": apitest.Present}}
	}
	for _, s := range []apitest.Scenario{
		get("no header", "/api/v1/profile", nil, 401, "unauthorized"),
		get("basic auth", "/api/v1/profile", map[string]string{"Authorization": "Basic dXNlcjpwYXNz"}, 401, "unauthorized"),
		get("bearer without token", "/api/v1/profile", map[string]string{"Authorization": "Bearer "}, 401, "unauthorized"),
		get("bearer junk", "/api/v1/profile", map[string]string{"Authorization": "Bearer junk"}, 401, "unauthorized"),
		get("X-API-Key header", "/api/v1/profile", map[string]string{"X-API-Key": valid}, 401, "unauthorized"),
		get("checksum typo", "/api/v1/profile", apitest.Bearer(typo), 401, "unauthorized"),
		get("unknown key", "/api/v1/profile", apitest.Bearer(unknown), 401, "unauthorized"),
		get("deleted key", "/api/v1/profile", apitest.Bearer(deleted), 401, "unauthorized"),
		get("key in query string", "/api/v1/profile?api_key="+valid, nil, 401, "unauthorized"),
		get("key in query string beside a good header", "/api/v1/profile?key="+valid, apitest.Bearer(valid), 401, "unauthorized"),
		get("valid", "/api/v1/profile", apitest.Bearer(valid), 200, ""),
		get("scheme in lower case", "/api/v1/profile", map[string]string{"Authorization": "bearer " + valid}, 200, ""),
		get("disabled", "/api/v1/profile", apitest.Bearer(disabled), 403, "key_disabled"),
		get("expired", "/api/v1/profile", apitest.Bearer(expired), 403, "key_expired"),
		get("disabled and expired: disabled first", "/api/v1/profile", apitest.Bearer(disabledExpired), 403, "key_disabled"),
		get("missing scope", "/api/v1/profile", apitest.Bearer(writeOnly), 403, "insufficient_scope"),
		get("restricted, no origin", "/api/v1/profile", apitest.Bearer(restricted), 403, "origin_not_allowed"),
		get("restricted, wrong origin", "/api/v1/profile", with(apitest.Bearer(restricted), "Origin", "https://evil.example"), 403, "origin_not_allowed"),
		get("restricted, right origin", "/api/v1/profile", with(apitest.Bearer(restricted), "Origin", "https://site.example"), 200, ""),
		get("restricted, origin with default port", "/api/v1/profile", with(apitest.Bearer(restricted), "Origin", "https://SITE.example:443"), 200, ""),
		get("restricted, Referer fallback", "/api/v1/profile", with(apitest.Bearer(restricted), "Referer", "https://site.example/blog/post?x=1"), 200, ""),
		get("restricted, wrong Referer", "/api/v1/profile", with(apitest.Bearer(restricted), "Referer", "https://site.example.evil.example/"), 403, "origin_not_allowed"),
	} {
		s.Test(t, h)
	}
}

func with(headers map[string]string, name, value string) map[string]string {
	out := map[string]string{name: value}
	for k, v := range headers {
		out[k] = v
	}
	return out
}

// profileWith is a GET of the profile with key, answering status and code.
func profileWith(name, key string, status int, code string) apitest.Scenario {
	return apitest.Scenario{Name: name, Path: "/api/v1/profile", Headers: apitest.Bearer(key), ExpectedStatus: status, ExpectedCode: code}
}

// profileServed is profileWith's 200, for a key with the read scope.
func profileServed(name, key string) apitest.Scenario { return profileWith(name, key, 200, "") }

// profileRefused is profileWith's 401, for a key that is not (or no longer) one.
func profileRefused(name, key string) apitest.Scenario {
	return profileWith(name, key, 401, "unauthorized")
}

// rotationGrace: a rotated key's old secret works for 24 hours, or until the next rotation.
func rotationGrace(t *testing.T, h *apitest.Harness) {
	first, id := h.CreateKey(keys.ScopeRead)
	_, second, err := keys.Rotate(h.App, id, h.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	profileServed("old secret inside the grace", first).Test(t, h)
	profileServed("new secret", second).Test(t, h)
	h.Clock.Advance(24*time.Hour - time.Second)
	profileServed("old secret one second before the end of the grace", first).Test(t, h)
	h.Clock.Advance(time.Second)
	profileRefused("old secret after 24 h", first).Test(t, h)
	profileServed("new secret after 24 h", second).Test(t, h)

	// Rotating again inside the grace ends the older secret at once.
	_, third, err := keys.Rotate(h.App, id, h.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	_, fourth, err := keys.Rotate(h.App, id, h.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []apitest.Scenario{
		profileRefused("second secret after two rotations", second),
		profileServed("third secret after two rotations", third),
		profileServed("fourth secret after two rotations", fourth),
	} {
		s.Test(t, h)
	}
}

// warmKeyCostsNoQuery: a key checked once is checked again from the cache, until any key
// changes.
func warmKeyCostsNoQuery(t *testing.T, h *apitest.Harness) {
	key, id := h.CreateKey(keys.ScopeRead)
	storyStep(t, h, profileServed("warm-up", key))
	// With the key's record gone from under the cache (no hooks, so no invalidation), a warm
	// key still authenticates: the check did not ask the database.
	if _, err := h.App.DB().NewQuery("DELETE FROM " + vocab.APIKeys + " WHERE id = {:id}").Bind(map[string]any{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	profileServed("warm key, from the cache", key).Test(t, h)
	// A change through the app empties the cache at once.
	other, otherID := h.CreateKey(keys.ScopeRead)
	profileRefused("after a change", key).Test(t, h)
	if err := keys.Revoke(h.App, otherID); err != nil {
		t.Fatal(err)
	}
	profileRefused("revoked key, at once", other).Test(t, h)
}

// lastUsedIsWritten: a key's use is written to its record, at the time of the call.
func lastUsedIsWritten(t *testing.T, h *apitest.Harness) {
	key, id := h.CreateKey(keys.ScopeRead)
	used := h.Clock.Now()
	profileServed("a call", key).Test(t, h)
	if err := h.API.FlushKeyUsage(); err != nil {
		t.Fatal(err)
	}
	rec, err := h.App.FindRecordById(vocab.APIKeys, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.GetDateTime("last_used_at").Time(); !got.Equal(used) {
		t.Fatalf("last_used_at = %v, want %v", got, used)
	}
}
