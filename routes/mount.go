package routes

import (
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks"
)

// Mount builds the whole service on app, the one assembly that main.go serves and the tests
// start (apitest): every concept's hooks and jobs (hooks.Register), then the API on the
// services they bound (Register; cfg's Webhooks, Changes, Revisions and Previews are theirs).
func Mount(app core.App, hcfg hooks.Config, cfg Config) (*hooks.Bound, *API, error) {
	bound := hooks.Register(app, hcfg)
	cfg.Webhooks, cfg.Changes, cfg.Revisions, cfg.Previews = bound.Webhooks, bound.Changes, bound.Revisions, bound.Previews
	cfg.Newsletter = bound.Newsletter
	api, err := Register(app, cfg)
	return bound, api, err
}
