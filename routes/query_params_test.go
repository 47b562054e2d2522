package routes_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

func TestBadListParameters(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(keys.ScopeRead)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	members, _ := h.CreateKey(keys.ScopeReadMembers)
	for range 3 {
		tiedPost(t, h)
		h.SaveRecord(vocab.Projects, map[string]any{"title": "P", "visibility": "public"})
	}
	next := func(path, sort string) string {
		p := getCursorPage(t, h, read, path, url.Values{"limit": {"1"}, "sort": {sort}})
		if !p.hasNext {
			t.Fatal("no next_cursor")
		}
		return p.next
	}
	good := next("/api/v1/posts", "-created")
	raw, err := base64.RawURLEncoding.DecodeString(good)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 1
	edited := base64.RawURLEncoding.EncodeToString(raw)

	// Each bad parameter is 400 invalid_request naming it. A cursor is named by what it is: its
	// value is signed with a key of this harness.
	bad := func(path, key, param string) apitest.Scenario {
		return apitest.Scenario{Path: path, Headers: apitest.Bearer(key),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"` + param + `\"`}}
	}
	badCursor := func(name, path string) apitest.Scenario {
		s := bad(path, read, "cursor")
		s.Name = name
		return s
	}
	ok := func(path, key string) apitest.Scenario {
		return apitest.Scenario{Path: path, Headers: apitest.Bearer(key), ExpectedStatus: http.StatusOK}
	}
	for _, s := range []apitest.Scenario{
		bad("/api/v1/posts?limit=0", read, "limit"),
		bad("/api/v1/posts?limit=101", read, "limit"),
		bad("/api/v1/posts?limit=abc", read, "limit"),
		bad("/api/v1/posts?limit=-1", read, "limit"),
		bad("/api/v1/posts?limit=1.5", read, "limit"),
		bad("/api/v1/talks?limit=101", read, "limit"),
		bad("/api/v1/posts?sort=foo", read, "sort"),
		bad("/api/v1/posts?sort=-id", read, "sort"),
		bad("/api/v1/courses?sort=price", read, "sort"),
		bad("/api/v1/posts?cursor=garbage", read, "cursor"),
		badCursor("an edited cursor", "/api/v1/posts?cursor="+edited),
		badCursor("a cursor of another sort", "/api/v1/posts?sort=created&cursor="+good),
		badCursor("a posts cursor on projects", "/api/v1/projects?cursor="+good),
		badCursor("a projects cursor on posts", "/api/v1/posts?cursor="+next("/api/v1/projects", "-created")),
		bad("/api/v2/posts?page=0", content, "page"),
		bad("/api/v2/posts?page=abc", content, "page"),
		bad("/api/v2/posts?per_page=201", content, "per_page"),
		bad("/api/v2/posts?per_page=0", content, "per_page"),
		bad("/api/v2/courses?per_page=201", content, "per_page"),
		bad("/api/v2/talks?sort=foo", content, "sort"),
		bad("/api/v2/posts?draft=maybe", content, "draft"),
		bad("/api/v2/projects?draft=1", content, "draft"),
		bad("/api/v2/posts?visibility=secret", content, "visibility"),
		bad("/api/v2/projects?visibility=PUBLIC", content, "visibility"),
		bad("/api/v2/members?page=0", members, "page"),
		bad("/api/v2/members?sort=email", members, "sort"),
		// Unknown parameters, and empty values, are ignored.
		ok("/api/v1/posts?foo=bar&limit=&cursor=", read),
		ok("/api/v2/courses?draft=maybe&visibility=secret", content),
		ok("/api/v2/posts?page=&per_page=", content),
	} {
		s.Test(t, h)
	}
}
