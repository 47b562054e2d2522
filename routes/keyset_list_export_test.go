package routes

import (
	"fmt"
	"net/url"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/cursor"
)

// KeysetPlanCase is one v1 list query as the list handler builds it, for
// TestKeysetQueriesUseIndexes to ask SQLite for its plan.
type KeysetPlanCase struct {
	Name       string // "posts sort=-title tag=go later page"
	Collection string
	Column     string // the sort's column
	Index      string // the index the plan must read in order
	Later      bool   // a later page: the plan must seek to the cursor's position
	SQL        string
	Params     dbx.Params
}

// KeysetPlanCases lists the first and a later page of every v1 cursor list, every sort in both
// directions, with and without a tag filter where the list has tags.
func KeysetPlanCases(app core.App) ([]KeysetPlanCase, error) {
	var out []KeysetPlanCase
	for _, r := range []*resource{postsResource, projectsResource, coursesResource, talksResource} {
		tags := []string{""}
		if r.publishable {
			tags = append(tags, "go")
		}
		for _, key := range r.sorts {
			for _, s := range []string{key.param, "-" + key.param} {
				sort, err := sortParam(url.Values{"sort": {s}}, r.sorts)
				if err != nil {
					return nil, err
				}
				index := "idx_" + r.collection + "_" + sort.Column + "_id"
				if r.publishable {
					index = "idx_" + r.collection + "_published_" + sort.Column + "_id"
				}
				for _, tag := range tags {
					where := []dbx.Expression{r.v1Filter(time.Now()), hasTag(tag)}
					for _, after := range []*cursor.Position{nil, {Value: "2026-11-01 10:00:00.000Z", ID: "abc"}} {
						q := keysetQuery(app, r, where, sort, after, 21).Build()
						out = append(out, KeysetPlanCase{
							Name:       fmt.Sprintf("%s sort=%s tag=%q later=%v", r.collection, s, tag, after != nil),
							Collection: r.collection, Column: sort.Column, Index: index, Later: after != nil,
							SQL: q.SQL(), Params: q.Params(),
						})
					}
				}
			}
		}
	}
	return out, nil
}

// HoldSearchTurns takes every search turn, as that many searches running would, until the
// returned function gives them back.
func (a *API) HoldSearchTurns() (release func()) {
	var releases []func()
	for range cap(a.search.slots) {
		releases = append(releases, a.search.take())
	}
	return func() {
		for _, r := range releases {
			r()
		}
	}
}

// SearchesWaiting is how many searches wait for a turn.
func (a *API) SearchesWaiting() int { return int(a.search.waiting.Load()) }
