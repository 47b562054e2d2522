package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

// TestCreatePostSlugs: each subtest posts titles of its own, so none depends on another's
// posts; a sequence is one subtest.
func TestCreatePostSlugs(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	type post struct {
		body     map[string]any
		wantSlug string
	}
	cases := []struct {
		name  string
		posts []post
	}{
		{"latin title, again, in lower case, then a given slug a generated one would take", []post{
			{map[string]any{"title": "Hello, World!"}, "hello-world"},
			{map[string]any{"title": "Hello, World!"}, "hello-world-2"},
			{map[string]any{"title": "hello world"}, "hello-world-3"},
			{map[string]any{"title": "X", "slug": "hello-world-4"}, "hello-world-4"},
		}},
		{"cyrillic", []post{{map[string]any{"title": "Привет мир"}, "privet-mir"}}},
		{"japanese, twice", []post{{map[string]any{"title": "東京"}, "dong-jing"}, {map[string]any{"title": "東京"}, "dong-jing-2"}}},
		{"underscores and symbols", []post{{map[string]any{"title": "C++ & Go_lang"}, "c-and-go-lang"}}},
		{"nothing to transliterate", []post{{map[string]any{"title": "🎉"}, "untitled"}}},
		{"empty slug means generate", []post{{map[string]any{"title": "Given nothing", "slug": ""}, "given-nothing"}}},
		{"given slug", []post{{map[string]any{"title": "Whatever", "slug": "my-own-slug"}, "my-own-slug"}}},
		{"long title", []post{{map[string]any{"title": strings.Repeat("word ", 58)}, ""}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := h.For(t)
			for _, p := range c.posts {
				p.body["visibility"] = "public"
				res := send(h, http.MethodPost, "/api/v1/posts", write, p.body)
				wantStatus(t, res, http.StatusCreated)
				got := dataObject(t, res)["slug"].(string)
				if p.wantSlug == "" { // the long title: cut at a word, within 200 characters
					if len(got) > 200 || !strings.HasPrefix(got, "word-word") || strings.HasSuffix(got, "-") {
						t.Fatalf("slug of a long title: %q", got)
					}
				} else if got != p.wantSlug {
					t.Fatalf("%v: slug %q, want %s", p.body["title"], got, p.wantSlug)
				}
			}
		})
	}

	// A slug given by the client is checked, never changed.
	invalidSlug := func(name, slug string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(write),
			Body: map[string]any{"title": "Bad", "slug": slug, "visibility": "public"}, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "invalid_request", ExpectedContent: []string{`\"slug\"`}, ExpectedEvents: []string{}}
	}
	taken := invalidSlug("a taken slug", "taken-slug")
	taken.Before = func(t testing.TB, h *apitest.Harness) {
		h.SaveRecord(vocab.Posts, map[string]any{"title": "Taken", "slug": "taken-slug", "visibility": "public"})
	}
	for _, s := range []apitest.Scenario{taken, invalidSlug("not a slug", "Not A Slug"), invalidSlug("a trailing hyphen", "trailing-")} {
		s.Test(t, h)
	}
	// Slugs are unique per collection: a project may reuse a post's slug.
	apitest.Scenario{Name: "a project may take a post's slug", Method: http.MethodPost, Path: "/api/v1/projects", Headers: apitest.Bearer(write),
		Body: map[string]any{"title": "Shared slug", "visibility": "public"}, ExpectedStatus: http.StatusCreated,
		ExpectedJSON: map[string]any{"data.slug": "shared-slug"}, ExpectedEvents: []string{"content.created"},
		Before: func(t testing.TB, h *apitest.Harness) {
			h.SaveRecord(vocab.Posts, map[string]any{"title": "Shared slug", "visibility": "public"})
		},
	}.Test(t, h)
}

func TestWriteValidation(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	post := h.SaveRecord(vocab.Posts, map[string]any{"title": "Existing", "visibility": "public"})
	course := h.SaveRecord(vocab.Courses, map[string]any{"title": "Course", "currency": "usd"})
	talk := h.SaveRecord(vocab.Talks, map[string]any{"title": "Talk"})
	// invalid is a refused write: 400 invalid_request naming field in quotes, and no event.
	invalid := func(name, method, path string, body any, field string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: apitest.Bearer(write), Body: body,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`\"` + field + `\"`},
			ExpectedEvents: []string{}}
	}
	for _, s := range []apitest.Scenario{
		invalid("unknown field", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","author":"me"}`, "author"),
		invalid("field of another collection", "POST", "/api/v1/courses", `{"title":"T","currency":"usd","draft":true}`, "draft"),
		invalid("id", "POST", "/api/v1/posts", `{"id":"abcdefghijklmno","title":"T","visibility":"public"}`, "id"),
		invalid("created", "PATCH", "/api/v1/posts/"+post.Id, `{"created":"2020-01-01 00:00:00.000Z"}`, "created"),
		invalid("updated", "PATCH", "/api/v1/talks/"+talk.Id, `{"updated":"2020-01-01 00:00:00.000Z"}`, "updated"),
		invalid("file field", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","cover":"https://x.example/a.png"}`, "cover"),
		invalid("file field on course", "PATCH", "/api/v1/courses/"+course.Id, `{"cover":null}`, "cover"),
		invalid("title a number", "POST", "/api/v1/posts", `{"title":5,"visibility":"public"}`, "title"),
		invalid("title null", "PATCH", "/api/v1/posts/"+post.Id, `{"title":null}`, "title"),
		invalid("tags a string", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","tags":"go"}`, "tags"),
		invalid("tags of numbers", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","tags":["go",1]}`, "tags"),
		invalid("tags with null", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","tags":[null]}`, "tags"),
		invalid("draft a string", "POST", "/api/v1/posts", `{"title":"T","visibility":"public","draft":"yes"}`, "draft"),
		invalid("price a string", "POST", "/api/v1/courses", `{"title":"T","currency":"usd","price":"10"}`, "price"),
		invalid("price a fraction", "POST", "/api/v1/courses", `{"title":"T","currency":"usd","price":9.5}`, "price"),
		invalid("price below 0", "POST", "/api/v1/courses", `{"title":"T","currency":"usd","price":-1}`, "price"),
		invalid("sort_order a fraction", "POST", "/api/v1/skills", `{"name":"Go","sort_order":1.5}`, "sort_order"),
		invalid("date a number", "POST", "/api/v1/talks", `{"title":"T","date":20260101}`, "date"),
		invalid("date not a date", "POST", "/api/v1/talks", `{"title":"T","date":"next tuesday"}`, "date"),
		invalid("level a number", "POST", "/api/v1/skills", `{"name":"Go","level":3}`, "level"),
		invalid("bad visibility", "POST", "/api/v1/posts", `{"title":"T","visibility":"secret"}`, "visibility"),
		invalid("bad level", "POST", "/api/v1/skills", `{"name":"Go","level":"guru"}`, "level"),
		invalid("bad currency", "POST", "/api/v1/courses", `{"title":"T","currency":"USD"}`, "currency"),
		invalid("bad url", "POST", "/api/v1/talks", `{"title":"T","url":"not a url"}`, "url"),
		invalid("bad credential url", "POST", "/api/v1/certifications", `{"name":"CKA","credential_url":"nope"}`, "credential_url"),
		invalid("empty title", "POST", "/api/v1/posts", `{"title":"","visibility":"public"}`, "title"),
		invalid("missing title", "POST", "/api/v1/posts", `{"visibility":"public"}`, "title"),
		invalid("missing visibility", "POST", "/api/v1/posts", `{"title":"T"}`, "visibility"),
		invalid("missing currency", "POST", "/api/v1/courses", `{"title":"T"}`, "currency"),
		invalid("missing role", "POST", "/api/v1/experience", `{"company":"Acme"}`, "role"),
		invalid("missing school", "POST", "/api/v1/education", `{}`, "school"),
		invalid("empty title on PATCH", "PATCH", "/api/v1/posts/"+post.Id, `{"title":""}`, "title"),
		invalid("title too long", "POST", "/api/v1/talks", `{"title":"`+strings.Repeat("t", 301)+`"}`, "title"),
		// The message says what to do instead.
		{Name: "file fields say so", Method: "POST", Path: "/api/v1/posts", Headers: apitest.Bearer(write),
			Body: `{"title":"T","visibility":"public","cover":"x"}`, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request",
			ExpectedContent: []string{"file", "dashboard"}},
		{Name: "unknown fields list the writable ones", Method: "POST", Path: "/api/v1/skills", Headers: apitest.Bearer(write),
			Body: `{"name":"Go","colour":"red"}`, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request",
			ExpectedContent: []string{"name, category, level, sort_order"}},
		{Name: "not JSON", Method: "POST", Path: "/api/v1/posts", Body: "title=x",
			Headers:        with(apitest.Bearer(write), "Content-Type", "application/x-www-form-urlencoded"),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedEvents: []string{}},
	} {
		s.Test(t, h)
	}
	// Nothing was created by the refused requests.
	if n, err := h.App.CountRecords(vocab.Posts); err != nil || n != 1 {
		t.Fatalf("%d posts, %v", n, err)
	}
}

func TestUpdateAndDelete(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	res := send(h, http.MethodPost, "/api/v1/posts", write, map[string]any{
		"title": "Draft post", "excerpt": "Short", "content": "<p>Body</p>", "tags": []string{"go", "api"}, "visibility": "members", "draft": true,
	})
	wantStatus(t, res, http.StatusCreated)
	created := dataObject(t, res)
	if keysOf(created) != "content,cover,cover_thumbs,created,draft,excerpt,id,published_at,slug,tags,title,updated,visibility" {
		t.Fatalf("keys %s", keysOf(created))
	}
	id := created["id"].(string)

	// PATCH by id finds drafts; fields not sent keep their values.
	res = send(h, http.MethodPatch, "/api/v1/posts/"+id, write, map[string]any{"excerpt": "Longer excerpt", "draft": false})
	wantStatus(t, res, http.StatusOK)
	updated := dataObject(t, res)
	for k, want := range map[string]any{"title": "Draft post", "slug": "draft-post", "content": "<p>Body</p>", "visibility": "members",
		"excerpt": "Longer excerpt", "draft": false, "created": created["created"]} {
		if updated[k] != want {
			t.Fatalf("%s = %v, want %v", k, updated[k], want)
		}
	}
	if tags := updated["tags"].([]any); len(tags) != 2 || tags[0] != "go" {
		t.Fatalf("tags %v", tags)
	}
	// The title changing keeps the slug (links stay valid); an emptied slug is generated again.
	res = send(h, http.MethodPatch, "/api/v1/posts/"+id, write, map[string]any{"title": "Renamed"})
	if got := dataObject(t, res)["slug"]; got != "draft-post" {
		t.Fatalf("slug after rename %v", got)
	}
	res = send(h, http.MethodPatch, "/api/v1/posts/"+id, write, map[string]any{"slug": ""})
	if got := dataObject(t, res)["slug"]; got != "renamed" {
		t.Fatalf("slug after clearing %v", got)
	}
	// v2 sees what v1 wrote.
	if got := h.Get("/api/v2/posts/"+id, content).JSON(t); got["excerpt"] != "Longer excerpt" || got["title"] != "Renamed" {
		t.Fatalf("v2: %v", got)
	}

	// Dates: set in RFC 3339, shown in the record layout, cleared with null or "".
	res = send(h, http.MethodPost, "/api/v1/talks", write, map[string]any{"title": "Talk", "date": "2026-03-01T09:30:00+01:00"})
	wantStatus(t, res, http.StatusCreated)
	talk := dataObject(t, res)
	if talk["date"] != "2026-03-01 08:30:00.000Z" {
		t.Fatalf("date %v", talk["date"])
	}
	for _, c := range []struct {
		body string
		want any
	}{
		{`{"date":null}`, nil},
		{`{"date":"2026-03-02 10:00:00.000Z"}`, "2026-03-02 10:00:00.000Z"},
		{`{"date":""}`, nil},
	} {
		res = send(h, http.MethodPatch, "/api/v1/talks/"+talk["id"].(string), write, c.body)
		wantStatus(t, res, http.StatusOK)
		if got := dataObject(t, res)["date"]; got != c.want {
			t.Fatalf("%s: date %v", c.body, got)
		}
	}

	// Unknown ids.
	for _, r := range []*apitest.Response{
		send(h, http.MethodPatch, "/api/v1/posts/nosuchid1234567", write, `{"title":"x"}`),
		send(h, http.MethodPatch, "/api/v1/posts/renamed", write, `{"title":"x"}`), // a slug is not an id
		send(h, http.MethodDelete, "/api/v1/skills/nosuchid1234567", write, nil),
	} {
		if r.Status != http.StatusNotFound || r.ErrorCode() != "not_found" {
			t.Fatalf("got %d %s, want 404", r.Status, r.Body)
		}
	}

	// DELETE: 204 with no body, then 404.
	res = send(h, http.MethodDelete, "/api/v1/posts/"+id, write, nil)
	if res.Status != http.StatusNoContent || len(res.Body) != 0 {
		t.Fatalf("delete: %d %q", res.Status, res.Body)
	}
	for _, r := range []*apitest.Response{
		send(h, http.MethodDelete, "/api/v1/posts/"+id, write, nil),
		send(h, http.MethodPatch, "/api/v1/posts/"+id, write, `{}`),
		h.Get("/api/v2/posts/"+id, content),
	} {
		if r.Status != http.StatusNotFound {
			t.Fatalf("after delete: %d %s", r.Status, r.Body)
		}
	}
}

func TestWritesOfEveryCollection(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	cases := []struct {
		collection   string
		create       map[string]any
		patch        map[string]any
		keys         string
		afterPatch   map[string]any
		keptOnUpdate string
	}{
		{"projects",
			map[string]any{"title": "Site", "visibility": "public", "url": "https://site.example", "repo_url": "https://github.com/me/site"},
			map[string]any{"repo_url": ""},
			"content,cover,cover_thumbs,created,draft,excerpt,id,published_at,repo_url,slug,tags,title,updated,url,visibility",
			map[string]any{"repo_url": "", "url": "https://site.example", "slug": "site", "draft": false}, "title"},
		{"courses",
			map[string]any{"title": "Go for creators", "price": 4900, "currency": "eur", "description": "<p>Learn</p>"},
			map[string]any{"price": 0},
			"cover,cover_thumbs,created,currency,description,id,price,slug,title,updated",
			map[string]any{"price": 0.0, "currency": "eur", "slug": "go-for-creators", "cover": nil}, "description"},
		{"talks",
			map[string]any{"title": "Keyset paging", "event": "GopherCon", "location": "Berlin", "slides_url": "https://slides.example/k"},
			map[string]any{"video_url": "https://video.example/k"},
			"created,date,description,event,id,location,slides_url,title,updated,url,video_url",
			map[string]any{"event": "GopherCon", "video_url": "https://video.example/k", "date": nil, "url": ""}, "location"},
		{"experience",
			map[string]any{"company": "Acme", "role": "Engineer", "start_date": "2020-01-01T00:00:00Z", "sort_order": 2},
			map[string]any{"end_date": "2024-06-30T00:00:00Z"},
			"company,created,description,end_date,id,location,role,sort_order,start_date,updated",
			map[string]any{"start_date": "2020-01-01 00:00:00.000Z", "end_date": "2024-06-30 00:00:00.000Z", "sort_order": 2.0}, "role"},
		{"education",
			map[string]any{"school": "Open University", "degree": "BSc", "field": "Maths"},
			map[string]any{"degree": "MSc"},
			"created,degree,end_date,field,id,school,sort_order,start_date,updated",
			map[string]any{"degree": "MSc", "field": "Maths", "sort_order": 0.0, "end_date": nil}, "school"},
		{"skills",
			map[string]any{"name": "Go", "category": "Languages", "level": "expert"},
			map[string]any{"level": "advanced", "sort_order": -1},
			"category,created,id,level,name,sort_order,updated",
			map[string]any{"level": "advanced", "sort_order": -1.0, "category": "Languages"}, "name"},
		{"certifications",
			map[string]any{"name": "CKA", "issuer": "CNCF", "issued_at": "2025-05-01 00:00:00.000Z", "credential_url": "https://cncf.example/c/1"},
			map[string]any{"expires_at": "2028-05-01T00:00:00Z"},
			"created,credential_url,expires_at,id,issued_at,issuer,name,sort_order,updated",
			map[string]any{"issuer": "CNCF", "issued_at": "2025-05-01 00:00:00.000Z", "expires_at": "2028-05-01 00:00:00.000Z"}, "name"},
	}
	for _, c := range cases {
		t.Run(c.collection, func(t *testing.T) {
			base := "/api/v1/" + c.collection
			res := send(h, http.MethodPost, base, write, c.create)
			wantStatus(t, res, http.StatusCreated)
			created := dataObject(t, res)
			if keysOf(created) != c.keys {
				t.Fatalf("keys %s", keysOf(created))
			}
			id := created["id"].(string)
			res = send(h, http.MethodPatch, base+"/"+id, write, c.patch)
			wantStatus(t, res, http.StatusOK)
			updated := dataObject(t, res)
			for k, want := range c.afterPatch {
				if updated[k] != want {
					t.Fatalf("%s = %#v, want %#v", k, updated[k], want)
				}
			}
			if updated[c.keptOnUpdate] != created[c.keptOnUpdate] || updated["created"] != created["created"] {
				t.Fatalf("PATCH changed %s or created: %v → %v", c.keptOnUpdate, created, updated)
			}
			res = send(h, http.MethodDelete, base+"/"+id, write, nil)
			wantStatus(t, res, http.StatusNoContent)
			res = send(h, http.MethodDelete, base+"/"+id, write, nil)
			wantStatus(t, res, http.StatusNotFound)
		})
	}
}
