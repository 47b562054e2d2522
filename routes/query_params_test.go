package routes_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"testing"

	"github.com/creator-content-api/server/pb_migrations"
	"github.com/creator-content-api/server/routes/apikey"
	"github.com/creator-content-api/server/routes/apitest"
)

func TestBadListParameters(t *testing.T) {
	h := apitest.New(t, apitest.Options{})
	read, _ := h.CreateKey(apikey.ScopeRead)
	content, _ := h.CreateKey(apikey.ScopeReadContent)
	members, _ := h.CreateKey(apikey.ScopeReadMembers)
	for range 3 {
		tiedPost(t, h)
		h.SaveRecord(pb_migrations.Projects, map[string]any{"title": "P", "visibility": "public"})
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

	cases := []struct {
		path, key, param string
	}{
		{"/api/v1/posts?limit=0", read, "limit"},
		{"/api/v1/posts?limit=101", read, "limit"},
		{"/api/v1/posts?limit=abc", read, "limit"},
		{"/api/v1/posts?limit=-1", read, "limit"},
		{"/api/v1/posts?limit=1.5", read, "limit"},
		{"/api/v1/talks?limit=101", read, "limit"},
		{"/api/v1/posts?sort=foo", read, "sort"},
		{"/api/v1/posts?sort=-id", read, "sort"},
		{"/api/v1/courses?sort=price", read, "sort"},
		{"/api/v1/posts?cursor=garbage", read, "cursor"},
		{"/api/v1/posts?cursor=" + edited, read, "cursor"},
		{"/api/v1/posts?sort=created&cursor=" + good, read, "cursor"},
		{"/api/v1/projects?cursor=" + good, read, "cursor"},
		{"/api/v1/posts?cursor=" + next("/api/v1/projects", "-created"), read, "cursor"},
		{"/api/v2/posts?page=0", content, "page"},
		{"/api/v2/posts?page=abc", content, "page"},
		{"/api/v2/posts?per_page=201", content, "per_page"},
		{"/api/v2/posts?per_page=0", content, "per_page"},
		{"/api/v2/courses?per_page=201", content, "per_page"},
		{"/api/v2/talks?sort=foo", content, "sort"},
		{"/api/v2/posts?draft=maybe", content, "draft"},
		{"/api/v2/projects?draft=1", content, "draft"},
		{"/api/v2/posts?visibility=secret", content, "visibility"},
		{"/api/v2/projects?visibility=PUBLIC", content, "visibility"},
		{"/api/v2/members?page=0", members, "page"},
		{"/api/v2/members?sort=email", members, "sort"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			wantInvalid(t, h.Get(c.path, c.key), c.param)
		})
	}

	// Unknown parameters, and empty values, are ignored.
	for _, c := range []struct{ path, key string }{
		{"/api/v1/posts?foo=bar&limit=&cursor=", read},
		{"/api/v2/courses?draft=maybe&visibility=secret", content},
		{"/api/v2/posts?page=&per_page=", content},
	} {
		wantStatus(t, h.Get(c.path, c.key), http.StatusOK)
	}
}
