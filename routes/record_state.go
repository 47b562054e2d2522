package routes

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/content"
)

// ownerViews renders v2 items of r (ownerView).
func (r *resource) ownerViews(origin string, recs []*core.Record, now time.Time) []map[string]any {
	out := r.views(origin, recs, r.fullFields)
	for i, rec := range recs {
		r.addState(out[i], rec, now)
	}
	return out
}

// ownerView renders a v2 record of r: its whole view and, for a publishable resource, its
// read-only state at now (content.StateOf: draft, scheduled, published, members_only, paid,
// private), the one rule the console shows too.
func (r *resource) ownerView(origin string, rec *core.Record, now time.Time) map[string]any {
	v := r.view(origin, rec, r.fullFields)
	r.addState(v, rec, now)
	return v
}

func (r *resource) addState(v map[string]any, rec *core.Record, now time.Time) {
	if r.publishable {
		v[content.StateField] = content.StateOf(rec, now)
	}
}
