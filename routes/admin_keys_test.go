package routes_test

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func owner(token string) map[string]string { return map[string]string{"Authorization": token} }

// TestAdminKeys: the owner's key routes (/api/admin/api-keys) and the dashboard's edits of
// keys, on one app: each part makes and changes keys of its own.
func TestAdminKeys(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	seedProfile(t, h)
	su := owner(h.SuperuserToken())
	for name, part := range map[string]func(*testing.T, *apitest.Harness, map[string]string){
		"need the owner's login":      adminKeysNeedOwnerLogin,
		"lifecycle":                   adminKeyLifecycle,
		"bad input":                   adminKeyBadInput,
		"dashboard cannot break keys": dashboardCannotBreakKeys,
	} {
		t.Run(name, func(t *testing.T) { part(t, h.For(t), su) })
	}
}

// adminKeysNeedOwnerLogin: every route refuses anyone but the owner with 401.
func adminKeysNeedOwnerLogin(t *testing.T, h *apitest.Harness, _ map[string]string) {
	key, id := h.CreateKey(keys.Scopes()...)
	memberToken := newMemberToken(t, h)
	endpoints := []struct{ method, path string }{
		{http.MethodPost, "/api/admin/api-keys"},
		{http.MethodGet, "/api/admin/api-keys"},
		{http.MethodPatch, "/api/admin/api-keys/{id}"},
		{http.MethodDelete, "/api/admin/api-keys/{id}"},
		{http.MethodPost, "/api/admin/api-keys/{id}/rotate"},
	}
	credentials := map[string]map[string]string{
		"none":         nil,
		"api key":      apitest.Bearer(key),
		"member token": owner(memberToken),
		"junk token":   owner("Bearer not.a.jwt"),
	}
	for _, ep := range endpoints {
		for _, name := range slices.Sorted(maps.Keys(credentials)) {
			apitest.Scenario{Name: ep.method + " " + ep.path + " " + name, Method: ep.method, Path: strings.Replace(ep.path, "{id}", id, 1),
				Headers: credentials[name], Body: `{}`, ExpectedStatus: 401, ExpectedCode: "unauthorized"}.Test(t, h)
		}
	}
}

func newMemberToken(t *testing.T, h *apitest.Harness) string {
	t.Helper()
	col, err := h.App.FindCachedCollectionByNameOrId(vocab.Members)
	if err != nil {
		t.Fatal(err)
	}
	m := core.NewRecord(col)
	m.SetEmail("member@example.com")
	m.SetPassword("member password 123")
	if err := h.App.Save(m); err != nil {
		t.Fatal(err)
	}
	tok, err := m.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// adminKeyLifecycle: a key is made, shown once, switched off and on, expired, rotated and
// revoked, each change effective at once.
func adminKeyLifecycle(t *testing.T, h *apitest.Harness, su map[string]string) {
	res := storyStep(t, h, apitest.Scenario{Name: "create", Method: http.MethodPost, Path: "/api/admin/api-keys", Headers: su, Body: map[string]any{
		"name": "Site", "scopes": []string{"read"}, "allowed_origins": []string{"https://Site.Example/"},
	}, ExpectedStatus: http.StatusCreated,
		ExpectedJSON:    map[string]any{"data.allowed_origins": []string{"https://site.example"}}, // normalized
		ExpectedHeaders: map[string]string{"Cache-Control": "no-store"},                           // a response with a secret
	})
	created := res.JSON(t)["data"].(map[string]any)
	secret, _ := created["key"].(string)
	id, _ := created["id"].(string)
	if !keys.WellFormed(secret) || !strings.HasPrefix(secret, "svc_live_") {
		t.Fatalf("create returned no well-formed key: %v", created)
	}
	if created["prefix"] != secret[:17] || created["last4"] != secret[len(secret)-4:] {
		t.Fatalf("prefix/last4 = %v/%v for %s", created["prefix"], created["last4"], secret)
	}
	patch := func(name, body string, want map[string]any) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPatch, Path: "/api/admin/api-keys/" + id, Headers: su, Body: body,
			ExpectedStatus: http.StatusOK, ExpectedJSON: want}
	}

	// The full key is never shown again, and the database holds no clear key.
	apitest.Scenario{Name: "list", Path: "/api/admin/api-keys", Headers: su, ExpectedStatus: http.StatusOK,
		NotExpectedContent: []string{secret, `"key"`}}.Test(t, h)
	assertNoClearKey(t, h, secret)

	apitest.Scenario{Name: "use from its origin", Path: "/api/v1/profile", Headers: with(apitest.Bearer(secret), "Origin", "https://site.example"),
		ExpectedStatus: http.StatusOK}.Test(t, h)
	// PATCH switches it off; 403 key_disabled at once.
	storyStep(t, h, patch("switch off", `{"active":false,"allowed_origins":[]}`, map[string]any{"data.active": false}))
	profileWith("after switch-off", secret, http.StatusForbidden, "key_disabled").Test(t, h)
	storyStep(t, h, patch("switch on", `{"active":true}`, map[string]any{"data.active": true}))
	// An expiry in the past expires it at once; null clears it.
	storyStep(t, h, patch("expiry in the past", `{"expiry":"2020-01-01T00:00:00Z"}`, nil))
	profileWith("after expiry", secret, http.StatusForbidden, "key_expired").Test(t, h)
	storyStep(t, h, patch("clear the expiry", `{"expiry":null}`, map[string]any{"data.expiry": nil}))
	profileServed("after clearing the expiry", secret).Test(t, h)

	// Rotate: a new key once, the old one keeps working for now.
	res = storyStep(t, h, apitest.Scenario{Name: "rotate", Method: http.MethodPost, Path: "/api/admin/api-keys/" + id + "/rotate", Headers: su,
		ExpectedStatus: http.StatusOK})
	rotated := res.JSON(t)["data"].(map[string]any)
	newSecret, _ := rotated["key"].(string)
	if !keys.WellFormed(newSecret) || newSecret == secret || rotated["previous_secret_expires_at"] == nil {
		t.Fatalf("rotate body: %v", rotated)
	}
	profileServed("old secret after rotation", secret).Test(t, h)
	profileServed("new secret after rotation", newSecret).Test(t, h)
	assertNoClearKey(t, h, newSecret)

	// DELETE revokes both secrets at once.
	storyStep(t, h, apitest.Scenario{Name: "delete", Method: http.MethodDelete, Path: "/api/admin/api-keys/" + id, Headers: su, ExpectedStatus: http.StatusNoContent})
	profileRefused("old secret after delete", secret).Test(t, h)
	profileRefused("new secret after delete", newSecret).Test(t, h)
}

func assertNoClearKey(t *testing.T, h *apitest.Harness, secret string) {
	t.Helper()
	var rows []struct {
		Dump string `db:"dump"`
	}
	err := h.App.DB().NewQuery("SELECT json_object('h', key_hash, 'p', prefix, 'l', last4, 'ph', previous_hash, 'n', name, 'o', allowed_origins) AS dump FROM " + vocab.APIKeys).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if strings.Contains(r.Dump, secret) || strings.Contains(r.Dump, secret[17:]) {
			t.Fatalf("the database holds the clear key: %s", r.Dump)
		}
	}
	if len(rows) == 0 {
		t.Fatal("no key rows")
	}
}

// adminKeyBadInput: bad bodies are 400 naming what is wrong; unknown ids 404.
func adminKeyBadInput(t *testing.T, h *apitest.Harness, su map[string]string) {
	_, id := h.CreateKey(keys.ScopeRead)
	bad := func(name, method, path string, body any, part string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: su, Body: body,
			ExpectedStatus: 400, ExpectedCode: "invalid_request", ExpectedContent: []string{part}}
	}
	unknown := func(name, method, path string, body any) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: su, Body: body, ExpectedStatus: 404, ExpectedCode: "not_found"}
	}
	for _, s := range []apitest.Scenario{
		bad("missing name", "POST", "/api/admin/api-keys", `{"scopes":["read"]}`, `\"name\"`),
		bad("missing scopes", "POST", "/api/admin/api-keys", `{"name":"x"}`, `\"scopes\"`),
		bad("unknown scope", "POST", "/api/admin/api-keys", `{"name":"x","scopes":["admin"]}`, `unknown scope`),
		bad("unknown field", "POST", "/api/admin/api-keys", `{"name":"x","scopes":["read"],"key":"svc_live_x"}`, `unknown field \"key\"`),
		bad("wrong type", "POST", "/api/admin/api-keys", `{"name":"x","scopes":"read"}`, `\"scopes\"`),
		bad("bad origin", "POST", "/api/admin/api-keys", `{"name":"x","scopes":["read"],"allowed_origins":["example.com"]}`, `allowed_origins`),
		bad("bad expiry", "POST", "/api/admin/api-keys", `{"name":"x","scopes":["read"],"expiry":"tomorrow"}`, `\"expiry\"`),
		bad("malformed JSON", "POST", "/api/admin/api-keys", `{"name":`, `malformed JSON`),
		bad("array body", "POST", "/api/admin/api-keys", `[1]`, `JSON object`),
		bad("empty body", "POST", "/api/admin/api-keys", ``, `JSON object`),
		bad("empty scopes on patch", "PATCH", "/api/admin/api-keys/"+id, `{"scopes":[]}`, `\"scopes\"`),
		unknown("unknown id", "PATCH", "/api/admin/api-keys/nosuchkey12345", `{"name":"y"}`),
		unknown("unknown id rotate", "POST", "/api/admin/api-keys/nosuchkey12345/rotate", nil),
		unknown("unknown id delete", "DELETE", "/api/admin/api-keys/nosuchkey12345", nil),
	} {
		s.Test(t, h)
	}
}

// dashboardCannotBreakKeys: PocketBase's records API makes no key and edits no hash, and
// normalizes the origins it saves.
func dashboardCannotBreakKeys(t *testing.T, h *apitest.Harness, su map[string]string) {
	_, id := h.CreateKey(keys.ScopeRead)
	base := "/api/collections/" + vocab.APIKeys + "/records"

	for _, s := range []apitest.Scenario{
		{Name: "dashboard create", Method: http.MethodPost, Path: base, Headers: su, Body: map[string]any{
			"name": "typed in", "key_hash": strings.Repeat("a", 64), "prefix": "svc_live_aaaaaaaa", "scopes": []string{"read"}, "active": true,
		}, ExpectedStatus: http.StatusBadRequest, ExpectedContent: []string{"POST /api/admin/api-keys"}},
		{Name: "dashboard edit of the hash", Method: http.MethodPatch, Path: base + "/" + id, Headers: su, Body: map[string]any{"key_hash": strings.Repeat("b", 64)},
			ExpectedStatus: http.StatusBadRequest, ExpectedContent: []string{"key_hash"}},
		{Name: "dashboard edit of scopes", Method: http.MethodPatch, Path: base + "/" + id, Headers: su,
			Body: map[string]any{"scopes": []string{"read", "write"}, "allowed_origins": []string{"https://A.example"}}, ExpectedStatus: http.StatusOK,
			After: func(t testing.TB, h *apitest.Harness, _ *apitest.Response) {
				rec, err := h.App.FindRecordById(vocab.APIKeys, id)
				if err != nil {
					t.Fatal(err)
				}
				if got := rec.GetString("allowed_origins"); got != `["https://a.example"]` {
					t.Fatalf("origins saved from the dashboard: %s", got)
				}
			}},
		{Name: "dashboard edit with a bad origin list", Method: http.MethodPatch, Path: base + "/" + id, Headers: su,
			Body: map[string]any{"allowed_origins": "https://a.example"}, ExpectedStatus: http.StatusBadRequest},
	} {
		s.Test(t, h)
	}
}
