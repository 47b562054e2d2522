package routes

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
	"github.com/creator-content-api/server/routes/markdown"
	"github.com/creator-content-api/server/routes/params"
	"github.com/creator-content-api/server/routes/reply"
)

// The llms.txt files (llmstxt.org) at the site root, public like the feeds: no key, public
// published content only.
const (
	llmsIndexPath = "/llms.txt"
	llmsFullPath  = "/llms-full.txt"
	// llmsDocPrefix serves each public post's and project's Markdown without a key:
	// /llms/posts/<slug>.md, /llms/projects/<slug>.md.
	llmsDocPrefix = "/llms/"
)

// Bounds of the llms.txt files on a large site: the newest llmsItemsMax posts and as many
// projects; llms-full.txt stops before llmsFullMaxBytes and says how many it left out.
const (
	llmsItemsMax     = 500
	llmsFullMaxBytes = 2 << 20
)

// cacheLLMs lets readers, proxies and CDNs keep the llms.txt files five minutes, as the feeds.
const cacheLLMs = "public, max-age=300"

// llmsResources are the collections the llms.txt files hold, in their order.
var llmsResources = []*resource{postsResource, projectsResource}

// bindLLMs serves /llms.txt, /llms-full.txt and the Markdown they link to: the Normal rate
// tier per client IP, errors as the envelope, answers kept in memory while the content is
// unchanged (ccaReadCache).
func (a *API) bindLLMs(se *core.ServeEvent) {
	mw := append([]*hook.Handler[*core.RequestEvent]{errorEnvelope()}, a.rateLimits(TierNormal)...)
	mw = append(mw, a.reads.Middleware(a.contentGeneration, readVariant))
	se.Router.GET(llmsIndexPath, a.serveLLMs(false)).Bind(mw...)
	se.Router.GET(llmsFullPath, a.serveLLMs(true)).Bind(mw...)
	for _, r := range llmsResources {
		read := markdownOr(a.publishedBySlugHandler(r))
		se.Router.GET(llmsDocPrefix+r.collection+"/{"+params.IDOrSlug+"}", func(e *core.RequestEvent) error {
			slug, ok := strings.CutSuffix(e.Request.PathValue(params.IDOrSlug), markdownSuffix)
			if !ok {
				return apierr.NotFound()
			}
			// Public content only, whole: a members or paid post's public part is not an
			// llms.txt document (the v1 read would serve it cut, with access false).
			if public, err := a.isPublicSlug(e.App, r, slug); err != nil {
				return err
			} else if !public {
				return apierr.NotFound()
			}
			e.Response.Header().Set("Cache-Control", cacheLLMs)
			return read(e)
		}).Bind(mw...)
	}
}

// isPublicSlug reports whether r holds a public, published record with slug now.
func (a *API) isPublicSlug(app core.App, r *resource, slug string) (bool, error) {
	var n int
	err := andWhere(app.RecordQuery(r.collection).Select("count(*)").AndWhere(dbx.HashExp{"slug": slug}),
		r.v1Filter(a.cfg.Now())).Row(&n)
	if err != nil {
		return false, apierr.Internal(err)
	}
	return n > 0, nil
}

// serveLLMs answers llms.txt (an index: the site's name and summary, then a link to each
// public post's and project's Markdown with its excerpt) or, full, llms-full.txt (the same
// head, then every document whole).
func (a *API) serveLLMs(full bool) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		origin := publicOrigin(e)
		var b strings.Builder
		if err := llmsHead(e.App, &b); err != nil {
			return apierr.Internal(err)
		}
		left := 0
		for _, r := range llmsResources {
			var recs []*core.Record
			err := andWhere(e.App.RecordQuery(r.collection), r.v1Filter(a.cfg.Now())).
				OrderBy("published_at DESC", "id DESC").Limit(llmsItemsMax).All(&recs)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return apierr.Internal(err)
			}
			if len(recs) == 0 {
				continue
			}
			b.WriteString("\n## " + strings.ToUpper(r.collection[:1]) + r.collection[1:] + "\n\n")
			for _, rec := range recs {
				link := origin + llmsDocPrefix + r.collection + "/" + rec.GetString("slug") + markdownSuffix
				if !full {
					b.WriteString("- [" + rec.GetString("title") + "](" + link + ")")
					if ex := rec.GetString("excerpt"); ex != "" {
						b.WriteString(": " + ex)
					}
					b.WriteString("\n")
					continue
				}
				doc, err := markdown.FromView(r.view(origin, rec, r.fullFields), link)
				if err != nil {
					return apierr.Internal(err)
				}
				if b.Len()+len(doc)+1 > llmsFullMaxBytes {
					left++
					continue
				}
				b.WriteString("\n" + doc)
			}
		}
		if left > 0 {
			b.WriteString("\n(" + strconv.Itoa(left) + " more documents left out to keep this file under 2 MiB: see " + origin + llmsIndexPath + ")\n")
		}
		e.Response.Header().Set("Cache-Control", cacheLLMs)
		return reply.BlobWithETag(e, http.StatusOK, "text/plain; charset=utf-8", []byte(b.String()))
	}
}

// llmsHead writes the llms.txt head: `# name` and `> headline` from the profile.
func llmsHead(app core.App, b *strings.Builder) error {
	name, summary := "Creator", ""
	profiles, err := app.FindRecordsByFilter(vocab.Profile, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if len(profiles) == 1 {
		if n := profiles[0].GetString("name"); n != "" {
			name = n
		}
		summary = profiles[0].GetString("headline")
	}
	b.WriteString("# " + name + "\n")
	if summary != "" {
		b.WriteString("\n> " + summary + "\n")
	}
	return nil
}
