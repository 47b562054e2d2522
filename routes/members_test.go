package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
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
		t.Run(c.query, func(t *testing.T) {
			res := h.Get("/api/v2/members?"+c.query, key)
			wantStatus(t, res, http.StatusOK)
			for _, secret := range append([]string{"password", "tokenKey", "emailVisibility"}, secrets...) {
				if strings.Contains(string(res.Body), secret) {
					t.Fatalf("the body shows %q: %s", secret, res.Body)
				}
			}
			items := listOf(t, res, "items")
			var names []string
			for _, it := range items {
				if keysOf(it) != "created,email,id,name,updated,verified" {
					t.Fatalf("member keys %s", keysOf(it))
				}
				names = append(names, it["name"].(string))
			}
			if fmt.Sprint(names) != fmt.Sprint(c.names) {
				t.Fatalf("names %v, want %v", names, c.names)
			}
		})
	}
	res := h.Get("/api/v2/members?sort=title", key)
	if ada := listOf(t, res, "items")[0]; ada["email"] != "ada@example.com" || ada["verified"] != true {
		t.Fatalf("ada: %v", ada)
	}
}
