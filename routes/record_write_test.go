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
			for _, p := range c.posts {
				p.body["visibility"] = "public"
				s := apitest.Scenario{Name: fmt.Sprint(p.body["title"]), Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(write),
					Body: p.body, ExpectedStatus: http.StatusCreated, ExpectedJSON: map[string]any{"data.slug": p.wantSlug}}
				if p.wantSlug == "" { // the long title: cut at a word, within 200 characters
					s.ExpectedJSON, s.After = nil, func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
						if got, _ := res.JSON(t)["data"].(map[string]any)["slug"].(string); len(got) > 200 || !strings.HasPrefix(got, "word-word") || strings.HasSuffix(got, "-") {
							t.Errorf("slug of a long title: %q", got)
						}
					}
				}
				s.Check(t, h)
			}
		})
	}

	// A slug given by the client is checked, never changed.
	invalidSlug := func(name, slug string) apitest.Scenario {
		return invalidParam(apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v1/posts", Headers: apitest.Bearer(write),
			Body: map[string]any{"title": "Bad", "slug": slug, "visibility": "public"}, ExpectedEvents: []string{}}, "slug")
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
		return invalidParam(apitest.Scenario{Name: name, Method: method, Path: path, Headers: apitest.Bearer(write), Body: body,
			ExpectedEvents: []string{}}, field)
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

// TestUpdateAndDelete is a story: each call acts on what the one before it wrote.
func TestUpdateAndDelete(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	write, _ := h.CreateKey(keys.ScopeWrite)
	content, _ := h.CreateKey(keys.ScopeReadContent)
	writeCall := func(name, method, path string, body any) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: apitest.Bearer(write), Body: body}
	}
	create := writeCall("create a draft", http.MethodPost, "/api/v1/posts", map[string]any{
		"title": "Draft post", "excerpt": "Short", "content": "<p>Body</p>", "tags": []string{"go", "api"}, "visibility": "members", "draft": true,
	})
	create.ExpectedStatus = http.StatusCreated
	create.After = keysAt("data", "content,cover,cover_thumbs,created,draft,excerpt,id,published_at,slug,tags,title,updated,visibility")
	created := create.Test(t, h).JSON(t)["data"].(map[string]any)
	id := created["id"].(string)

	// PATCH by id finds drafts; fields not sent keep their values.
	patch := writeCall("patch the draft", http.MethodPatch, "/api/v1/posts/"+id, map[string]any{"excerpt": "Longer excerpt", "draft": false})
	patch.ExpectedStatus = http.StatusOK
	patch.ExpectedJSON = map[string]any{"data.title": "Draft post", "data.slug": "draft-post", "data.content": "<p>Body</p>",
		"data.visibility": "members", "data.excerpt": "Longer excerpt", "data.draft": false, "data.created": created["created"],
		"data.tags": []string{"go", "api"}}
	patch.Test(t, h)
	// The title changing keeps the slug (links stay valid); an emptied slug is generated again.
	rename := writeCall("rename", http.MethodPatch, "/api/v1/posts/"+id, map[string]any{"title": "Renamed"})
	rename.ExpectedStatus, rename.ExpectedJSON = http.StatusOK, map[string]any{"data.slug": "draft-post"}
	rename.Test(t, h)
	clear := writeCall("clear the slug", http.MethodPatch, "/api/v1/posts/"+id, map[string]any{"slug": ""})
	clear.ExpectedStatus, clear.ExpectedJSON = http.StatusOK, map[string]any{"data.slug": "renamed"}
	clear.Test(t, h)
	// v2 sees what v1 wrote.
	apitest.Scenario{Name: "v2 sees it", Path: "/api/v2/posts/" + id, Headers: apitest.Bearer(content), ExpectedStatus: http.StatusOK,
		ExpectedJSON: map[string]any{"excerpt": "Longer excerpt", "title": "Renamed"}}.Test(t, h)

	// Dates: set in RFC 3339, shown in the record layout, cleared with null or "".
	talk := writeCall("a talk with a date", http.MethodPost, "/api/v1/talks", map[string]any{"title": "Talk", "date": "2026-03-01T09:30:00+01:00"})
	talk.ExpectedStatus, talk.ExpectedJSON = http.StatusCreated, map[string]any{"data.date": "2026-03-01 08:30:00.000Z"}
	talkID := talk.Test(t, h).JSON(t)["data"].(map[string]any)["id"].(string)
	for _, c := range []struct {
		body string
		want any
	}{
		{`{"date":null}`, nil},
		{`{"date":"2026-03-02 10:00:00.000Z"}`, "2026-03-02 10:00:00.000Z"},
		{`{"date":""}`, nil},
	} {
		s := writeCall(c.body, http.MethodPatch, "/api/v1/talks/"+talkID, c.body)
		s.ExpectedStatus, s.ExpectedJSON = http.StatusOK, map[string]any{"data.date": c.want}
		s.Test(t, h)
	}

	notFound := func(s apitest.Scenario) apitest.Scenario {
		s.ExpectedStatus, s.ExpectedCode = http.StatusNotFound, "not_found"
		return s
	}
	// Unknown ids.
	notFound(writeCall("PATCH an unknown id", http.MethodPatch, "/api/v1/posts/nosuchid1234567", `{"title":"x"}`)).Test(t, h)
	notFound(writeCall("PATCH a slug, not an id", http.MethodPatch, "/api/v1/posts/renamed", `{"title":"x"}`)).Test(t, h)
	notFound(writeCall("DELETE an unknown id", http.MethodDelete, "/api/v1/skills/nosuchid1234567", nil)).Test(t, h)

	// DELETE: 204 with no body (Scenario checks it has none), then 404.
	del := writeCall("delete", http.MethodDelete, "/api/v1/posts/"+id, nil)
	del.ExpectedStatus = http.StatusNoContent
	del.Test(t, h)
	del.Name = "delete again"
	notFound(del).Test(t, h)
	notFound(writeCall("PATCH after delete", http.MethodPatch, "/api/v1/posts/"+id, `{}`)).Test(t, h)
	notFound(apitest.Scenario{Name: "v2 after delete", Path: "/api/v2/posts/" + id, Headers: apitest.Bearer(content)}).Test(t, h)
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
			created := apitest.Scenario{Name: "create", Method: http.MethodPost, Path: base, Headers: apitest.Bearer(write), Body: c.create,
				ExpectedStatus: http.StatusCreated, After: keysAt("data", c.keys)}.Test(t, h).JSON(t)["data"].(map[string]any)
			id := created["id"].(string)
			want := map[string]any{"data." + c.keptOnUpdate: created[c.keptOnUpdate], "data.created": created["created"]}
			for k, v := range c.afterPatch {
				want["data."+k] = v
			}
			apitest.Scenario{Name: "patch", Method: http.MethodPatch, Path: base + "/" + id, Headers: apitest.Bearer(write), Body: c.patch,
				ExpectedStatus: http.StatusOK, ExpectedJSON: want}.Test(t, h)
			apitest.Scenario{Name: "delete", Method: http.MethodDelete, Path: base + "/" + id, Headers: apitest.Bearer(write),
				ExpectedStatus: http.StatusNoContent}.Test(t, h)
			apitest.Scenario{Name: "delete again", Method: http.MethodDelete, Path: base + "/" + id, Headers: apitest.Bearer(write),
				ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"}.Test(t, h)
		})
	}
}
