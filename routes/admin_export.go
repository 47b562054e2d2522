package routes

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/archive"
)

func (a *API) adminExportRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/api/admin/export", Auth: AuthOwner, Tier: TierModerate, Cache: CacheNone, Handler: a.exportSite},
	}
}

// exportSite streams the site archive (hooks/archive) to the owner. The headers go out
// before the zip is written: a failure half-way can only cut the download short, which the
// zip's missing central directory then shows, and the log says why.
func (a *API) exportSite(e *core.RequestEvent) error {
	now := a.cfg.Now()
	h := e.Response.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="site-%s.zip"`, now.UTC().Format("2006-01-02")))
	e.Response.WriteHeader(http.StatusOK)
	if err := archive.Export(e.App, e.Response, now); err != nil {
		e.App.Logger().Error("site export cut short", "error", err)
	}
	return nil
}
