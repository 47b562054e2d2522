package routes

import (
	"net/http"

	"github.com/creator-content-api/server/routes/apikey"
)

// contentRoutes are the content endpoints of v1 and v2. Every handler is built from a
// resource (routes/resources.go) by one of the shared constructors; public v1 reads may be
// cached by a CDN, v2 reads only privately, writes never.
func (a *API) contentRoutes() []Route {
	const (
		get, post, patch, del = http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete
		read, write           = apikey.ScopeRead, apikey.ScopeWrite
		content               = apikey.ScopeReadContent
	)
	return []Route{
		// v1 posts and projects: published public reads by slug, writes by record id.
		{Method: get, Path: "/api/v1/posts", Scope: read, cache: cachePublic, handler: a.cursorListHandler(postsResource)},
		{Method: get, Path: "/api/v1/posts/{idOrSlug}", Scope: read, cache: cachePublic, handler: a.publishedBySlugHandler(postsResource)},
		{Method: post, Path: "/api/v1/posts", Scope: write, handler: createHandler(postsResource)},
		{Method: patch, Path: "/api/v1/posts/{idOrSlug}", Scope: write, handler: updateHandler(postsResource)},
		{Method: del, Path: "/api/v1/posts/{idOrSlug}", Scope: write, handler: deleteHandler(postsResource)},

		{Method: get, Path: "/api/v1/projects", Scope: read, cache: cachePublic, handler: a.cursorListHandler(projectsResource)},
		{Method: get, Path: "/api/v1/projects/{idOrSlug}", Scope: read, cache: cachePublic, handler: a.publishedBySlugHandler(projectsResource)},
		{Method: post, Path: "/api/v1/projects", Scope: write, handler: createHandler(projectsResource)},
		{Method: patch, Path: "/api/v1/projects/{idOrSlug}", Scope: write, handler: updateHandler(projectsResource)},
		{Method: del, Path: "/api/v1/projects/{idOrSlug}", Scope: write, handler: deleteHandler(projectsResource)},

		// v1 tags of the published public posts.
		{Method: get, Path: "/api/v1/tags", Scope: read, cache: cachePublic, handler: a.tagsHandler},

		// v1 courses and talks: cursor lists and writes.
		{Method: get, Path: "/api/v1/courses", Scope: read, cache: cachePublic, handler: a.cursorListHandler(coursesResource)},
		{Method: post, Path: "/api/v1/courses", Scope: write, handler: createHandler(coursesResource)},
		{Method: patch, Path: "/api/v1/courses/{id}", Scope: write, handler: updateHandler(coursesResource)},
		{Method: del, Path: "/api/v1/courses/{id}", Scope: write, handler: deleteHandler(coursesResource)},

		{Method: get, Path: "/api/v1/talks", Scope: read, cache: cachePublic, handler: a.cursorListHandler(talksResource)},
		{Method: post, Path: "/api/v1/talks", Scope: write, handler: createHandler(talksResource)},
		{Method: patch, Path: "/api/v1/talks/{id}", Scope: write, handler: updateHandler(talksResource)},
		{Method: del, Path: "/api/v1/talks/{id}", Scope: write, handler: deleteHandler(talksResource)},

		// v1 portfolio: whole lists and writes.
		{Method: get, Path: "/api/v1/experience", Scope: read, cache: cachePublic, handler: simpleListHandler(experienceResource)},
		{Method: post, Path: "/api/v1/experience", Scope: write, handler: createHandler(experienceResource)},
		{Method: patch, Path: "/api/v1/experience/{id}", Scope: write, handler: updateHandler(experienceResource)},
		{Method: del, Path: "/api/v1/experience/{id}", Scope: write, handler: deleteHandler(experienceResource)},

		{Method: get, Path: "/api/v1/education", Scope: read, cache: cachePublic, handler: simpleListHandler(educationResource)},
		{Method: post, Path: "/api/v1/education", Scope: write, handler: createHandler(educationResource)},
		{Method: patch, Path: "/api/v1/education/{id}", Scope: write, handler: updateHandler(educationResource)},
		{Method: del, Path: "/api/v1/education/{id}", Scope: write, handler: deleteHandler(educationResource)},

		{Method: get, Path: "/api/v1/skills", Scope: read, cache: cachePublic, handler: simpleListHandler(skillsResource)},
		{Method: post, Path: "/api/v1/skills", Scope: write, handler: createHandler(skillsResource)},
		{Method: patch, Path: "/api/v1/skills/{id}", Scope: write, handler: updateHandler(skillsResource)},
		{Method: del, Path: "/api/v1/skills/{id}", Scope: write, handler: deleteHandler(skillsResource)},

		{Method: get, Path: "/api/v1/certifications", Scope: read, cache: cachePublic, handler: simpleListHandler(certificationsResource)},
		{Method: post, Path: "/api/v1/certifications", Scope: write, handler: createHandler(certificationsResource)},
		{Method: patch, Path: "/api/v1/certifications/{id}", Scope: write, handler: updateHandler(certificationsResource)},
		{Method: del, Path: "/api/v1/certifications/{id}", Scope: write, handler: deleteHandler(certificationsResource)},

		// v2 reads: every record, drafts and non-public ones included.
		{Method: get, Path: "/api/v2/posts", Scope: content, cache: cachePrivate, handler: a.pageListHandler(postsResource)},
		{Method: get, Path: "/api/v2/posts/{id}", Scope: content, cache: cachePrivate, handler: recordHandler(postsResource)},
		{Method: get, Path: "/api/v2/projects", Scope: content, cache: cachePrivate, handler: a.pageListHandler(projectsResource)},
		{Method: get, Path: "/api/v2/projects/{id}", Scope: content, cache: cachePrivate, handler: recordHandler(projectsResource)},
		{Method: get, Path: "/api/v2/courses", Scope: content, cache: cachePrivate, handler: a.pageListHandler(coursesResource)},
		{Method: get, Path: "/api/v2/talks", Scope: content, cache: cachePrivate, handler: a.pageListHandler(talksResource)},

		// v2 members and analytics.
		{Method: get, Path: "/api/v2/members", Scope: apikey.ScopeReadMembers, cache: cachePrivate, handler: a.pageListHandler(membersResource)},
		{Method: get, Path: "/api/v2/analytics", Scope: apikey.ScopeReadAnalytics, cache: cachePrivate, handler: a.analyticsHandler},
		{Method: get, Path: "/api/admin/analytics", cache: cachePrivate, handler: a.adminAnalyticsHandler},
	}
}
