package routes

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/routes/apierr"
)

// profileFields are the profile's public fields.
var profileFields = []string{"id", "name", "headline", "bio", "avatar", "location", "website", "links", "email", "created", "updated"}

func (a *API) profileRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/api/v1/profile", Auth: AuthKey, Scope: keys.ScopeRead, Tier: TierNormal, Cache: CachePublic, Memory: true, Handler: getProfile},
	}
}

// getProfile answers GET /api/v1/profile: the site's one profile record (the oldest, should
// the owner have made more than one).
func getProfile(e *core.RequestEvent) error {
	recs, err := e.App.FindRecordsByFilter(vocab.Profile, "", "created,id", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return apierr.Internal(err)
	}
	if len(recs) == 0 {
		return apierr.NotFound()
	}
	return respond(e, http.StatusOK, map[string]any{"data": recordView(publicOrigin(e), recs[0], profileFields)})
}
