package content

import (
	"errors"
	"net/netip"
	"slices"
	"time"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// errFileNotServed is the private cause of the 404 of a file whose record v1 does not serve.
var errFileNotServed = errors.New("the file's record is not served (a draft, not public, or scheduled)")

// BindFileAccess restricts PocketBase's file downloads (/api/files/{collection}/{id}/{name})
// of the collections of publication (posts, projects; pages have no files) to the records the
// v1 API serves at now (Served: published, public, their time come): a draft's, a private or
// members-only record's and a scheduled record's files answer 404, as their records do, even
// to someone who has the URL. The owner still gets them with a superuser file token in ?token=
// (what the dashboard sends for its previews, POST /api/files/token) or the superuser's
// Authorization header. Other collections' files stay as PocketBase serves them.
func BindFileAccess(app core.App, now func() time.Time) {
	app.OnFileDownloadRequest(publishedCollections...).Bind(&hook.Handler[*core.FileDownloadRequestEvent]{
		Id: hookorder.ContentFileAccess, Priority: hookorder.ContentFileAccessPriority,
		Func: func(e *core.FileDownloadRequestEvent) error {
			if Served(e.Record, now()) || ownerAsking(e) {
				return e.Next()
			}
			return e.NotFoundError("", errFileNotServed)
		},
	})
}

// ownerAsking reports whether the download comes from a superuser: by the Authorization
// header, or by a file token in the query (an <img> sends no header).
func ownerAsking(e *core.FileDownloadRequestEvent) bool {
	if e.HasSuperuserAuth() {
		return true
	}
	token := e.Request.URL.Query().Get("token")
	if token == "" {
		return false
	}
	rec, err := e.App.FindAuthRecordByToken(token, core.TokenTypeFile)
	return err == nil && rec.IsSuperuser() && superuserIPAllowed(e)
}

// superuserIPAllowed applies the Superuser IPs setting (addresses and subnets), as PocketBase
// does for protected files.
func superuserIPAllowed(e *core.FileDownloadRequestEvent) bool {
	allowed := e.App.Settings().SuperuserIPs
	if len(allowed) == 0 {
		return true
	}
	ip, err := netip.ParseAddr(e.RealIP())
	if err != nil {
		return false
	}
	return slices.ContainsFunc(allowed, func(item string) bool {
		if p, err := netip.ParsePrefix(item); err == nil {
			return p.Contains(ip)
		}
		a, err := netip.ParseAddr(item)
		return err == nil && a == ip
	})
}
