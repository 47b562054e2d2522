package routes

import (
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/content"
	"github.com/creator-content-api/server/hooks/vocab"
)

// resource is one collection as the API serves it. The shared handlers (cursor, page and
// simple lists, single reads, writes) are built from it; nothing else differs between
// collections. Field types come from the collection's schema, never from here.
type resource struct {
	// collection is the PocketBase collection, also the path segment (/api/v1/<collection>).
	collection string
	// listFields are the fields of a v1 cursor-list item.
	listFields []string
	// fullFields are the fields of every other view: v1 single reads and write responses,
	// v2 lists and reads. They are also the only fields a write may set.
	fullFields []string
	// publishable resources have draft, visibility and published_at: v1 shows only their
	// published public records, v2 filters on them.
	publishable bool
	// sorts are what lists can be sorted by (`sort=key` or `sort=-key`).
	sorts []sortKey
}

// cursorList names the resource's v1 list in its cursors, so a cursor of one list is refused
// by every other; a list filtered by tag is a list of its own.
func (r *resource) cursorList(tag string) string {
	if tag != "" {
		return "v1:" + r.collection + "?tag=" + tag
	}
	return "v1:" + r.collection
}

// view renders rec with the given fields, its file URLs under origin (see publicOrigin).
func (r *resource) view(origin string, rec *core.Record, fields []string) map[string]any {
	v := recordView(origin, rec, fields)
	if _, ok := v[content.TagsField]; ok {
		v[content.TagsField] = content.Tags(rec)
	}
	return v
}

// views renders each record; never nil, so an empty list is [] on the wire.
func (r *resource) views(origin string, recs []*core.Record, fields []string) []map[string]any {
	out := make([]map[string]any, 0, len(recs))
	for _, rec := range recs {
		out = append(out, r.view(origin, rec, fields))
	}
	return out
}

// publishedBy is the condition that a record's published_at has come by now
// (vocab.PublishedBySQL). The unary + keeps SQLite from seeking on it: a later page of a
// published_at sort must seek to its cursor's position, not to now.
func publishedBy(now time.Time) dbx.Expression {
	return dbx.NewExp("+"+vocab.PublishedBySQL, dbx.Params{"now": dbTime(now)})
}

// dbTime is t in the layout PocketBase stores dates in, whose lexical order is chronological.
func dbTime(t time.Time) string {
	return t.UTC().Format(types.DefaultDateLayout)
}

// v1Filter is the condition every v1 read of r adds at now: published public records of a
// publishable resource; nil when r shows every record.
func (r *resource) v1Filter(now time.Time) dbx.Expression {
	if !r.publishable {
		return nil
	}
	// vocab.ServedSQL, its time-free part spelled as the partial indexes' WHERE so SQLite uses them.
	return dbx.And(dbx.NewExp(vocab.NotDraftPublicSQL), publishedBy(now))
}

// andWhere adds the conditions that are not nil to q (dbx would turn a nil one into "()").
func andWhere(q *dbx.SelectQuery, conds ...dbx.Expression) *dbx.SelectQuery {
	for _, c := range conds {
		if c != nil {
			q.AndWhere(c)
		}
	}
	return q
}

// contentSorts are the sorts of posts, projects, courses and talks; publishableSorts those of
// posts and projects.
var (
	contentSorts     = []sortKey{{"created", "created"}, {"updated", "updated"}, {"title", "title"}}
	publishableSorts = slices.Concat(contentSorts, []sortKey{{"published_at", "published_at"}})
)

// fieldList joins field lists into a new one.
func fieldList(lists ...[]string) []string { return slices.Concat(lists...) }

var (
	postListFields    = []string{"id", "title", "slug", "excerpt", "cover", "tags", "visibility", "published_at", "created", "updated"}
	projectListFields = fieldList(postListFields, []string{"url", "repo_url"})
	// publishableExtra are the fields a full post or project adds to its list item.
	publishableExtra = []string{"content", "draft"}

	courseFields = []string{"id", "title", "slug", "description", "price", "currency", "cover", "created", "updated"}
	talkFields   = []string{"id", "title", "event", "date", "location", "url", "slides_url", "video_url", "description", "created", "updated"}

	experienceFields    = []string{"id", "company", "role", "location", "start_date", "end_date", "description", "sort_order", "created", "updated"}
	educationFields     = []string{"id", "school", "degree", "field", "start_date", "end_date", "sort_order", "created", "updated"}
	skillFields         = []string{"id", "name", "category", "level", "sort_order", "created", "updated"}
	certificationFields = []string{"id", "name", "issuer", "issued_at", "expires_at", "credential_url", "sort_order", "created", "updated"}
)

// The resources of the content endpoints. Lessons have none: they never leave the server.
var (
	postsResource = &resource{collection: vocab.Posts, listFields: postListFields,
		fullFields: fieldList(postListFields, publishableExtra), publishable: true, sorts: publishableSorts}
	projectsResource = &resource{collection: vocab.Projects, listFields: projectListFields,
		fullFields: fieldList(projectListFields, publishableExtra), publishable: true, sorts: publishableSorts}
	coursesResource = &resource{collection: vocab.Courses, listFields: courseFields, fullFields: courseFields, sorts: contentSorts}
	talksResource   = &resource{collection: vocab.Talks, listFields: talkFields, fullFields: talkFields, sorts: contentSorts}

	experienceResource     = &resource{collection: vocab.Experience, listFields: experienceFields, fullFields: experienceFields}
	educationResource      = &resource{collection: vocab.Education, listFields: educationFields, fullFields: educationFields}
	skillsResource         = &resource{collection: vocab.Skills, listFields: skillFields, fullFields: skillFields}
	certificationsResource = &resource{collection: vocab.Certifications, listFields: certificationFields, fullFields: certificationFields}
)
