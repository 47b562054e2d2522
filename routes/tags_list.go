package routes

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/routes/apierr"
)

// tagCount is one item of GET /api/v1/tags.
type tagCount struct {
	Tag   string `db:"tag" json:"tag"`
	Count int64  `db:"count" json:"count"`
}

// tagsHandler answers GET /api/v1/tags: every tag of the published public posts, lower-cased
// (tags compare case-insensitively), with how many of those posts have it, most used first,
// then by name: `{"data": [{"tag", "count"}]}`.
func (a *API) tagsHandler(e *core.RequestEvent) error {
	tags := []tagCount{} // [] on the wire when there are none
	err := e.App.DB().Select("LOWER(t.value) AS tag", "COUNT(DISTINCT posts.id) AS count").
		From(postsResource.collection).InnerJoin(tagElements, dbx.NewExp("t.type = 'text' AND t.value != ''")).
		Where(postsResource.v1Filter(a.cfg.Now())).
		GroupBy("tag").OrderBy("count DESC", "tag ASC").All(&tags)
	if err != nil {
		return apierr.Internal(err)
	}
	return respond(e, http.StatusOK, map[string]any{"data": tags})
}
