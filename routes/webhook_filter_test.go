package routes_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/pocketbase/dbx"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/vocab"
)

// A bad filter is a 400 naming the field at fault; a good one is stored and shown as sent.
func TestSubscriptionFilterValidation(t *testing.T) {
	t.Parallel()
	h, key := webhookSite(t)
	url := apitest.NewReceiver(t).URL
	register := func(name string, filter any) apitest.Scenario {
		body := map[string]any{"url": url}
		if filter != nil {
			body["filter"] = filter
		}
		return apitest.Scenario{Name: name, Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key), Body: body}
	}
	refused := func(name string, filter any, field string) apitest.Scenario {
		s := register(name, filter)
		s.ExpectedStatus, s.ExpectedCode, s.ExpectedContent = http.StatusBadRequest, "invalid_request", []string{`invalid field \"` + field + `\"`}
		return s
	}
	stored := func(name string, filter, shown any) apitest.Scenario {
		s := register(name, filter)
		s.ExpectedStatus, s.ExpectedJSON = http.StatusCreated, map[string]any{"filter": shown}
		return s
	}
	good := map[string]any{"collections": []string{"posts"}, "tags": []string{"News"}}
	for _, s := range []apitest.Scenario{
		refused("not an object", "posts", "filter"),
		refused("unknown key", map[string]any{"colections": []string{"posts"}}, "filter"),
		refused("collections not a list", map[string]any{"collections": "posts"}, "filter"),
		refused("unknown collection", map[string]any{"collections": []string{"posts", "nope"}}, "filter.collections"),
		refused("empty tag", map[string]any{"tags": []string{""}}, "filter.tags"),
		stored("good", good, good),
		stored("none", nil, nil),
	} {
		s.Test(t, h)
	}
}

// An event is pushed to a subscription only when its collection is in the filter and, for
// content, the content has one of the filter's tags (any case); the tags leave other events
// alone. Filtered-out events make no delivery row. The owner changes and removes a filter.
func TestSubscriptionFilterDecidesDeliveries(t *testing.T) {
	t.Parallel()
	h, key := webhookSite(t)
	url := apitest.NewReceiver(t).URL
	register := func(filter any) string {
		return storyStep(t, h, apitest.Scenario{Name: "register", Method: http.MethodPost, Path: "/api/v2/webhooks", Headers: apitest.Bearer(key),
			Body: map[string]any{"url": url, "filter": filter}, ExpectedStatus: http.StatusCreated}).JSON(t)["id"].(string)
	}
	newsPosts := register(map[string]any{"collections": []string{"posts"}, "tags": []string{"Newsletter"}})
	projects := register(map[string]any{"collections": []string{"projects"}})
	tagged := register(map[string]any{"tags": []string{"go"}})
	everything := register(map[string]any{})

	h.SaveRecord(vocab.Posts, map[string]any{"title": "Issue 1", "slug": "issue-1", "visibility": "public", "tags": []string{"newsletter"}})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Go", "slug": "go", "visibility": "public", "tags": []string{"Go"}})
	h.SaveRecord(vocab.Projects, map[string]any{"title": "Tool", "slug": "tool", "visibility": "public"})
	h.SaveRecord(vocab.Testimonials, map[string]any{"name": "Ada", "body": "Good."})

	titles := func(sub string) []string {
		var rows []struct {
			Title string `db:"title"`
		}
		err := h.App.DB().NewQuery("SELECT COALESCE(json_extract(e.data, '$.title'), json_extract(e.data, '$.name')) AS title FROM " +
			vocab.WebhookDeliveries + " d JOIN " + vocab.WebhookEvents + " e ON e.id = d.event WHERE d.subscription = {:s} ORDER BY d.rowid").
			Bind(dbx.Params{"s": sub}).All(&rows)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, r := range rows {
			out = append(out, r.Title)
		}
		return out
	}
	for _, c := range []struct {
		sub  string
		want []string
	}{
		{newsPosts, []string{"Issue 1"}},
		{projects, []string{"Tool"}},
		{tagged, []string{"Go", "Ada"}},
		{everything, []string{"Issue 1", "Go", "Tool", "Ada"}},
	} {
		if got := titles(c.sub); !slices.Equal(got, c.want) {
			t.Errorf("deliveries of %s: %v, want %v", c.sub, got, c.want)
		}
	}

	asOwner := owner(h.SuperuserToken())
	storyStep(t, h, apitest.Scenario{Name: "owner sets a filter", Method: http.MethodPatch, Path: "/api/admin/webhooks/" + everything,
		Headers: asOwner, Body: map[string]any{"filter": map[string]any{"collections": []string{"testimonials"}}},
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.filter": map[string]any{"collections": []any{"testimonials"}}}})
	apitest.Scenario{Name: "owner's bad filter", Method: http.MethodPatch, Path: "/api/admin/webhooks/" + everything,
		Headers: asOwner, Body: map[string]any{"filter": map[string]any{"tags": []int{1}}},
		ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_request", ExpectedContent: []string{`invalid field \"filter\"`}}.Test(t, h)
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Later", "slug": "later", "visibility": "public"})
	if got := titles(everything); len(got) != 4 {
		t.Errorf("after the filter: %v", got)
	}
	apitest.Scenario{Name: "owner removes it", Method: http.MethodPatch, Path: "/api/admin/webhooks/" + everything,
		Headers: asOwner, Body: map[string]any{"filter": map[string]any{}},
		ExpectedStatus: http.StatusOK, ExpectedJSON: map[string]any{"data.filter": nil}}.Test(t, h)
}
