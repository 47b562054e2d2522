package routes

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/params"
)

// accessField is the field every v1 item carries: whether the reader has the whole of it.
const accessField = "access"

// MemberAccessMiddlewareID resolves the member token of a public v1 read (member_token.go).
const (
	MemberAccessMiddlewareID       = "ccaMemberAccess"
	MemberAccessMiddlewarePriority = CacheHeadersMiddlewarePriority + 5
)

// memberAccess is ccaMemberAccess on the public v1 reads: it reads the X-Member-Token (401
// invalid_member_token for one that is not live), and a member's answer becomes private: no
// shared cache keeps it (the read cache keeps it apart, by access level: readVariant).
func (a *API) memberAccess() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       MemberAccessMiddlewareID,
		Priority: MemberAccessMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			member, _, err := a.readerAccess(e)
			if err != nil {
				return err
			}
			if member != nil {
				e.Response.Header().Set("Cache-Control", cacheControl[CachePrivate])
			}
			return e.Next()
		},
	}
}

// readVariant is what a Memory route's answer depends on besides its path and query: the
// origin its URLs start with, the reader's access level (a member's answer is never served to
// the public) and, for the reads by slug, whether it is the Markdown one.
func readVariant(e *core.RequestEvent) string {
	v := publicOrigin(e)
	if acc, _ := e.Get(accessContextKey).(vocab.Access); acc != vocab.AccessPublic {
		v += " " + acc.String()
	}
	if e.Request.PathValue(params.IDOrSlug) != "" && prefersMarkdown(e.Request.Header.Get("Accept")) {
		v += " markdown"
	}
	return v
}

// requestAccess is the access level ccaMemberAccess resolved (public on a route without it).
func requestAccess(e *core.RequestEvent) vocab.Access {
	acc, _ := e.Get(accessContextKey).(vocab.Access)
	return acc
}

// listedFilter is the condition of v1 lists and reads of r at now: published records of the
// listed visibilities (vocab.NotDraftListedSQL, spelled as the listed_ indexes' WHERE); nil
// when r shows every record.
func (r *resource) listedFilter(now time.Time) dbx.Expression {
	if !r.publishable {
		return nil
	}
	return dbx.And(dbx.NewExp(vocab.NotDraftListedSQL), publishedBy(now))
}

// readableFilter limits a search of r to what the reader may read whole: a search must not
// match words of a part the reader cannot see. nil when r has no visibility.
func (r *resource) readableFilter(acc vocab.Access) dbx.Expression {
	if !r.publishable {
		return nil
	}
	vs := vocab.Readable(acc)
	in := make([]any, len(vs))
	for i, v := range vs {
		in[i] = v
	}
	return dbx.In(vocab.FieldVisibility, in...)
}

// gatedViews renders v1 items for a reader at acc (gatedView).
func (r *resource) gatedViews(origin string, recs []*core.Record, fields []string, acc vocab.Access) []map[string]any {
	out := r.views(origin, recs, fields)
	for i, rec := range recs {
		r.gate(out[i], rec, acc)
	}
	return out
}

// gate sets a v1 item's access (vocab.MayRead; true for what has no visibility) and, for a
// reader without it, cuts the content to its public part; title and excerpt stay.
func (r *resource) gate(v map[string]any, rec *core.Record, acc vocab.Access) {
	may := !r.publishable || vocab.MayRead(rec.GetString(vocab.FieldVisibility), acc)
	v[accessField] = may
	if _, has := v["content"]; has && !may {
		v["content"] = vocab.PublicPart(rec.GetString("content"))
	}
}
