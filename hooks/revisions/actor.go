package revisions

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Actor types (content_revisions.actor_type).
const (
	ActorOwner   = "owner"   // the owner, in the dashboard or the admin API; Name is the login e-mail
	ActorKey     = "key"     // an API key; Name is the key's name
	ActorCommand = "command" // a command of the server binary; Name is the command
	ActorSystem  = "system"  // anything that said nothing (Go code, a job)
)

// Actor is who made a change.
type Actor struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

type actorKey struct{}

// WithActor returns ctx carrying who makes the changes saved with it
// (app.SaveWithContext, app.DeleteWithContext).
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

func actorFrom(ctx context.Context) (Actor, bool) {
	if ctx == nil {
		return Actor{}, false
	}
	a, ok := ctx.Value(actorKey{}).(Actor)
	return a, ok
}

type restoreKey struct{}

// withRestore marks the saves of ctx as restores: their revisions say "restore".
func withRestore(ctx context.Context) context.Context {
	return context.WithValue(ctx, restoreKey{}, true)
}

func restoring(ctx context.Context) bool {
	if ctx == nil {
		return false
	}
	r, _ := ctx.Value(restoreKey{}).(bool)
	return r
}

// requestActors carries the owner of a records API request (the dashboard's) to the model
// hooks of its save: PocketBase saves that request's record with a context of its own, so the
// record itself is the key, for the duration of the request's hook chain.
type requestActors struct {
	byRecord sync.Map // *core.Record -> Actor
	command  atomic.Pointer[Actor]
}

// bind remembers the superuser of every update and delete of a content record made through
// PocketBase's records API.
func (ra *requestActors) bind(app core.App) {
	h := &hook.Handler[*core.RecordRequestEvent]{Id: hookorder.RevisionsActor, Priority: hookorder.RevisionsActorPriority, Func: ra.remember}
	app.OnRecordUpdateRequest(contentCollections...).Bind(h)
	app.OnRecordDeleteRequest(contentCollections...).Bind(h)
}

func (ra *requestActors) remember(e *core.RecordRequestEvent) error {
	if e.Auth == nil || !e.Auth.IsSuperuser() || e.Record == nil {
		return e.Next()
	}
	rec := e.Record
	ra.byRecord.Store(rec, Actor{Type: ActorOwner, Name: e.Auth.Email()})
	defer ra.byRecord.Delete(rec)
	return e.Next()
}

// of is who saves rec with ctx: the context's actor, else the records API's owner, else the
// command the process runs, else the system.
func (ra *requestActors) of(ctx context.Context, rec *core.Record) Actor {
	if a, ok := actorFrom(ctx); ok {
		return a
	}
	if a, ok := ra.byRecord.Load(rec); ok {
		return a.(Actor)
	}
	if a := ra.command.Load(); a != nil {
		return *a
	}
	return Actor{Type: ActorSystem}
}
