package outbox

import "context"

// quietKey marks a context whose writes fire no webhook events.
type quietKey struct{}

// WithoutEvents returns ctx marked so that the records saved or deleted with it
// (app.SaveWithContext, app.DeleteWithContext) write no events and no deliveries: a bulk import
// or an archive restore does not push one content.created per record to every receiver. The
// other hooks (slugs, publication, search index, change counters) run as for any write, and a
// record imported as scheduled still announces content.published when its time comes.
func WithoutEvents(ctx context.Context) context.Context {
	return context.WithValue(ctx, quietKey{}, true)
}

// quiet reports whether ctx was marked by WithoutEvents.
func quiet(ctx context.Context) bool {
	q, _ := ctx.Value(quietKey{}).(bool)
	return q
}
