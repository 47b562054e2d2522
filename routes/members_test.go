package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func TestMembersShowNoSecrets(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeReadMembers)
	var secrets []string
	for i, name := range []string{"Zoe", "Ada", "Mia"} {
		m := h.SaveRecord(vocab.Members, map[string]any{
			"name": name, "email": strings.ToLower(name) + "@example.com", "password": "a long member password",
			"verified": i == 1, "created": mustTime(fmt.Sprintf("2026-11-0%d 10:00:00.000Z", i+1)),
		})
		secrets = append(secrets, m.GetString("password:hash"), m.TokenKey())
	}
	for _, s := range secrets {
		if len(s) < 20 {
			t.Fatalf("secret %q: the check below would prove nothing", s)
		}
	}
	cases := []struct {
		query string
		names []string
	}{
		{"", []string{"Mia", "Ada", "Zoe"}},
		{"sort=title", []string{"Ada", "Mia", "Zoe"}},
		{"sort=-title&per_page=2", []string{"Zoe", "Mia"}},
		{"sort=created&page=2&per_page=2", []string{"Mia"}},
	}
	for _, c := range cases {
		want := listed("items", "name", c.names...)
		if c.query == "sort=title" {
			want["items.0.email"], want["items.0.verified"] = "ada@example.com", true
		}
		apitest.Scenario{Name: c.query, Path: "/api/v2/members?" + c.query, Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK,
			ExpectedJSON: want, NotExpectedContent: append([]string{"password", "tokenKey", "emailVisibility"}, secrets...),
			After: keysAt("items.*", "created,email,id,name,updated,verified")}.Test(t, h)
	}
}
