package hooks

import "github.com/pocketbase/pocketbase/core"

// bindSlugs fills in slugs (to be written).
func bindSlugs(app core.App) {}
