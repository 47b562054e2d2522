package routes_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// gatedContent is the content of every record of the access matrix: a public preview, the
// marker, the gated part.
const gatedContent = "<p>Intro</p><!--members-only--><p>Secret part</p>"

// The access matrix: public, members and paid posts, read by no member, a member and a paid
// member, on the list, the item and a search. Every record is listed and served; access and
// the content follow vocab.MayRead; a search matches only what the reader may read whole. The
// readers go from the most to the least access on the same paths, so an answer kept for one
// level and served to a lower one fails.
func TestMemberAccessMatrix(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	key, _ := h.CreateKey(keys.ScopeRead)
	for _, v := range []string{"public", "members", "paid"} {
		h.SaveRecord(vocab.Posts, map[string]any{"title": "Zebra " + v, "slug": v, "visibility": v, "content": gatedContent, "excerpt": "About " + v})
	}
	readers := []struct {
		name  string
		token string
		may   map[string]bool
		cache string
	}{
		{"a paid member", h.MemberToken("paid@example.com", map[string]any{"paid": true}),
			map[string]bool{"public": true, "members": true, "paid": true}, "private, no-cache"},
		{"a member", h.MemberToken("member@example.com", nil),
			map[string]bool{"public": true, "members": true, "paid": false}, "private, no-cache"},
		{"no member", "", map[string]bool{"public": true, "members": false, "paid": false}, "public, max-age=0, s-maxage=60, must-revalidate"},
	}
	for _, r := range readers {
		headers := apitest.Bearer(key)
		if r.token != "" {
			headers["X-Member-Token"] = r.token
		}
		// The list, by title: members, paid, public.
		list := map[string]any{"total": 3}
		for i, v := range []string{"members", "paid", "public"} {
			list["data."+strconv.Itoa(i)+".slug"] = v
			list["data."+strconv.Itoa(i)+".access"] = r.may[v]
		}
		apitest.Scenario{Name: r.name + "/list", Path: "/api/v1/posts?sort=title", Headers: headers, ExpectedStatus: http.StatusOK,
			ExpectedJSON: list, ExpectedHeaders: map[string]string{"Cache-Control": r.cache, "Vary": "Authorization, Origin, X-Member-Token"}}.Test(t, h)
		// The search matches what the reader may read whole.
		var found []string
		for _, v := range []string{"members", "paid", "public"} {
			if r.may[v] {
				found = append(found, v)
			}
		}
		apitest.Scenario{Name: r.name + "/search", Path: "/api/v1/posts?sort=title&q=zebra", Headers: headers, ExpectedStatus: http.StatusOK,
			ExpectedJSON: listed("data", "slug", found...)}.Test(t, h)
		for _, v := range []string{"public", "members", "paid"} {
			want := map[string]any{"data.access": r.may[v], "data.content": "<p>Intro</p>", "data.title": "Zebra " + v, "data.excerpt": "About " + v}
			sc := apitest.Scenario{Name: r.name + "/" + v, Path: "/api/v1/posts/" + v, Headers: headers, ExpectedStatus: http.StatusOK,
				ExpectedJSON: want, ExpectedHeaders: map[string]string{"Cache-Control": r.cache}}
			if r.may[v] {
				want["data.content"] = gatedContent
			} else {
				sc.NotExpectedContent = []string{"Secret part"}
			}
			sc.Test(t, h)
		}
	}
	// A token that is not live is refused, not read as no member.
	bad := apitest.Bearer(key)
	bad["X-Member-Token"] = "not-a-token"
	apitest.Scenario{Name: "a bad token", Path: "/api/v1/posts", Headers: bad, ExpectedStatus: http.StatusUnauthorized,
		ExpectedCode: "invalid_member_token"}.Test(t, h)
}

// A member token opens no write, no v2 and no admin route: it is not an API key.
func TestMemberTokenIsNotAKey(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	token := h.MemberToken("member@example.com", map[string]any{"paid": true})
	for _, c := range []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/api/v1/posts", http.StatusUnauthorized, "unauthorized"},
		{http.MethodPost, "/api/v1/posts", http.StatusUnauthorized, "unauthorized"},
		{http.MethodGet, "/api/v2/posts", http.StatusUnauthorized, "unauthorized"},
		{http.MethodPost, "/api/v2/webhooks", http.StatusUnauthorized, "unauthorized"},
		{http.MethodGet, "/api/admin/api-keys", http.StatusUnauthorized, "unauthorized"},
	} {
		for _, headers := range []map[string]string{{"X-Member-Token": token}, {"Authorization": "Bearer " + token}} {
			apitest.Scenario{Method: c.method, Path: c.path, Headers: headers, Body: map[string]any{},
				ExpectedStatus: c.status, ExpectedCode: c.code}.Test(t, h)
		}
	}
}
