package routes

import (
	"net/http"

	"github.com/creator-content-api/server/hooks/keys"
)

// contentRoutes are the content endpoints of v1 and v2. Every handler is built from a
// resource (routes/resources.go) by one of the shared constructors; public v1 reads may be
// cached by a CDN, v2 reads only privately, writes never. Every content read is answered from
// memory while the content is unchanged (Memory); the analytics, computed from page views
// and sales, are not.
func (a *API) contentRoutes() []Route {
	const (
		get, post, patch, del = http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete
		read, write           = keys.ScopeRead, keys.ScopeWrite
		content               = keys.ScopeReadContent
	)
	return []Route{
		// v1 posts and projects: published public reads by slug, writes by record id.
		{Method: get, Path: "/api/v1/posts", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: a.cursorListHandler(postsResource)},
		{Method: get, Path: "/api/v1/posts/{idOrSlug}", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Markdown: true, Handler: a.publishedBySlugHandler(postsResource)},
		{Method: post, Path: "/api/v1/posts", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(postsResource)},
		{Method: patch, Path: "/api/v1/posts/{idOrSlug}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(postsResource)},
		{Method: del, Path: "/api/v1/posts/{idOrSlug}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(postsResource)},

		{Method: get, Path: "/api/v1/projects", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: a.cursorListHandler(projectsResource)},
		{Method: get, Path: "/api/v1/projects/{idOrSlug}", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Markdown: true, Handler: a.publishedBySlugHandler(projectsResource)},
		{Method: post, Path: "/api/v1/projects", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(projectsResource)},
		{Method: patch, Path: "/api/v1/projects/{idOrSlug}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(projectsResource)},
		{Method: del, Path: "/api/v1/projects/{idOrSlug}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(projectsResource)},

		// v1 tags of the published public posts.
		{Method: get, Path: "/api/v1/tags", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: a.tagsHandler},

		// v1 courses and talks: cursor lists and writes.
		{Method: get, Path: "/api/v1/courses", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: a.cursorListHandler(coursesResource)},
		{Method: post, Path: "/api/v1/courses", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(coursesResource)},
		{Method: patch, Path: "/api/v1/courses/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(coursesResource)},
		{Method: del, Path: "/api/v1/courses/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(coursesResource)},

		{Method: get, Path: "/api/v1/talks", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: a.cursorListHandler(talksResource)},
		{Method: post, Path: "/api/v1/talks", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(talksResource)},
		{Method: patch, Path: "/api/v1/talks/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(talksResource)},
		{Method: del, Path: "/api/v1/talks/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(talksResource)},

		// v1 portfolio: whole lists and writes.
		{Method: get, Path: "/api/v1/experience", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: simpleListHandler(experienceResource)},
		{Method: post, Path: "/api/v1/experience", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(experienceResource)},
		{Method: patch, Path: "/api/v1/experience/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(experienceResource)},
		{Method: del, Path: "/api/v1/experience/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(experienceResource)},

		{Method: get, Path: "/api/v1/education", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: simpleListHandler(educationResource)},
		{Method: post, Path: "/api/v1/education", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(educationResource)},
		{Method: patch, Path: "/api/v1/education/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(educationResource)},
		{Method: del, Path: "/api/v1/education/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(educationResource)},

		{Method: get, Path: "/api/v1/skills", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: simpleListHandler(skillsResource)},
		{Method: post, Path: "/api/v1/skills", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(skillsResource)},
		{Method: patch, Path: "/api/v1/skills/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(skillsResource)},
		{Method: del, Path: "/api/v1/skills/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(skillsResource)},

		{Method: get, Path: "/api/v1/certifications", Auth: AuthKey, Scope: read, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: simpleListHandler(certificationsResource)},
		{Method: post, Path: "/api/v1/certifications", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: createHandler(certificationsResource)},
		{Method: patch, Path: "/api/v1/certifications/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: updateHandler(certificationsResource)},
		{Method: del, Path: "/api/v1/certifications/{id}", Auth: AuthKey, Scope: write, Tier: TierNormal, Cache: CacheNone, Handler: deleteHandler(certificationsResource)},

		// v2 reads: every record, drafts and non-public ones included.
		{Method: get, Path: "/api/v2/posts", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.pageListHandler(postsResource)},
		{Method: get, Path: "/api/v2/posts/{id}", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.recordHandler(postsResource)},
		{Method: get, Path: "/api/v2/projects", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.pageListHandler(projectsResource)},
		{Method: get, Path: "/api/v2/projects/{id}", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.recordHandler(projectsResource)},
		{Method: get, Path: "/api/v2/courses", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.pageListHandler(coursesResource)},
		{Method: get, Path: "/api/v2/talks", Auth: AuthKey, Scope: content, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.pageListHandler(talksResource)},

		// v2 members and analytics.
		{Method: get, Path: "/api/v2/members", Auth: AuthKey, Scope: keys.ScopeReadMembers, PersonalData: true, Tier: TierNormal, Cache: CachePrivate, Memory: true, Handler: a.pageListHandler(membersResource)},
		{Method: get, Path: "/api/v2/analytics", Auth: AuthKey, Scope: keys.ScopeReadAnalytics, Tier: TierNormal, Cache: CachePrivate, Handler: a.analyticsHandler},
		{Method: get, Path: "/api/admin/analytics", Auth: AuthOwner, Tier: TierModerate, Cache: CachePrivate, Handler: a.adminAnalyticsHandler},
	}
}
