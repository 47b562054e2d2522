package hooks

import "github.com/pocketbase/pocketbase/core"

// bindWebhooks binds the outbox and the sender (to be written).
func bindWebhooks(app core.App, cfg Config) {}
