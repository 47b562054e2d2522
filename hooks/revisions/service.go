package revisions

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Service is the owner's side of the revisions: list, compare, restore, prune.
type Service struct {
	cfg    Config
	actors *requestActors
}

// RunningCommand names the command this process runs (`seed`, `migrate up`): the changes
// that say nothing of who makes them are then that command's. main.go calls it before a
// command other than serve runs.
func (s *Service) RunningCommand(name string) {
	s.actors.command.Store(&Actor{Type: ActorCommand, Name: name})
}

// Bind binds the capture of revisions and the pruning job to app, and returns the service.
func Bind(app core.App, cfg Config) *Service {
	cfg = cfg.withDefaults()
	actors := &requestActors{}
	actors.bind(app)
	(&capture{cfg: cfg, actors: actors}).bind(app)
	s := &Service{cfg: cfg, actors: actors}
	bindPrune(app, func() (int, error) { return s.Prune(app) })
	return s
}

// Revision is a revision as the owner sees it.
type Revision struct {
	ID         string         `json:"id"`
	Created    string         `json:"created"`
	Collection string         `json:"collection"`
	Record     string         `json:"record"`
	Action     string         `json:"action"`
	Actor      Actor          `json:"actor"`
	Fields     map[string]any `json:"fields"`
}

func view(rec *core.Record) (Revision, error) {
	r := Revision{
		ID:         rec.Id,
		Created:    rec.GetDateTime("created").String(),
		Collection: rec.GetString(fieldCollection),
		Record:     rec.GetString(fieldRecord),
		Action:     rec.GetString(fieldAction),
		Actor:      Actor{Type: rec.GetString(fieldActorType), Name: rec.GetString(fieldActor)},
	}
	if err := rec.UnmarshalJSONField(fieldData, &r.Fields); err != nil {
		return r, fmt.Errorf("revisions: read revision %s: %w", rec.Id, err)
	}
	if r.Fields == nil {
		r.Fields = map[string]any{}
	}
	return r, nil
}

// List returns the revisions of a record within the retention, newest first (a deleted
// record's too).
func (s *Service) List(app core.App, collection, recordID string) ([]Revision, error) {
	if !IsContent(collection) {
		return nil, fmt.Errorf("%w: %q", ErrNotContent, collection)
	}
	recs, err := app.FindRecordsByFilter(vocab.ContentRevisions,
		"record_collection = {:c} && record_id = {:r} && created >= {:cut}", "-created,-id", s.cfg.Keep, 0,
		dbx.Params{"c": collection, "r": recordID, "cut": s.cutoff()})
	if err != nil {
		return nil, fmt.Errorf("revisions: list %s %s: %w", collection, recordID, err)
	}
	out := make([]Revision, 0, len(recs))
	for _, rec := range recs {
		v, err := view(rec)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// cutoff is the oldest creation time a revision kept now may have, as stored.
func (s *Service) cutoff() string {
	return s.cfg.Now().Add(-s.cfg.MaxAge).UTC().Format(types.DefaultDateLayout)
}

// find loads a revision within the retention: ErrNotFound, ErrExpired.
func (s *Service) find(app core.App, id string) (*core.Record, error) {
	rec, err := app.FindRecordById(vocab.ContentRevisions, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("revisions: load revision %s: %w", id, err)
	}
	if rec.GetDateTime("created").String() < s.cutoff() {
		return nil, ErrExpired
	}
	return rec, nil
}

// data is the revision's field values.
func data(rev *core.Record) (map[string]any, error) {
	var d map[string]any
	if err := rev.UnmarshalJSONField(fieldData, &d); err != nil {
		return nil, fmt.Errorf("revisions: read revision %s: %w", rev.Id, err)
	}
	return d, nil
}
