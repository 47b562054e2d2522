package apikey

import (
	"crypto/subtle"
	"database/sql"
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/pb_migrations"
)

// maxCached bounds the cache; unknown hashes are cached too (so repeated guesses cost no
// query), and a flood of them must not grow memory without end.
const maxCached = 50_000

// Store finds keys by the hash of the presented secret. Found and unknown hashes are cached,
// and the cache is emptied whenever a key may have changed:
//   - at once, by record hooks, when this process changes an api_keys record (our code, the
//     dashboard, the records API);
//   - within ChangeCheckInterval, when any other connection commits to data.db: a `keys`
//     command at a terminal, a second server on the same data directory. Lookup asks SQLite's
//     data_version at most once per interval, so a revoke, a switch-off, a rotation, an expiry
//     or a scope change is in force on every running server within a second.
//
// Expiry and the rotation grace are checked against the clock on every request (Key.Check),
// so they need no emptying. last_used_at is kept in memory and written in batches by
// FlushUsage, so a warm key costs no database query per request.
type Store struct {
	app   core.App
	now   func() time.Time
	watch *changeWatch

	mu     sync.RWMutex
	gen    uint64          // bumped by Invalidate: a load begun before it is not kept
	byHash map[string]*Key // nil value: known to be unknown
	used   map[string]time.Time

	// afterLoad, when set by a test, runs between a load and its caching, where a change
	// committed by someone else races the load.
	afterLoad func()
}

// NewStore returns a store reading app's api_keys collection, with now the clock of its
// change checks, and binds the hooks that keep its cache true.
func NewStore(app core.App, now func() time.Time) *Store {
	s := &Store{app: app, now: now, watch: newChangeWatch(app, ChangeCheckInterval),
		byHash: map[string]*Key{}, used: map[string]time.Time{}}
	invalidate := func(e *core.RecordEvent) error {
		s.Invalidate()
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(pb_migrations.APIKeys).BindFunc(invalidate)
	app.OnRecordAfterUpdateSuccess(pb_migrations.APIKeys).BindFunc(invalidate)
	app.OnRecordAfterDeleteSuccess(pb_migrations.APIKeys).BindFunc(invalidate)
	// The watch's connection goes back before the app closes its database pools.
	app.OnBootstrapClear().BindFunc(func(e *core.BootstrapEvent) error {
		s.watch.close()
		return e.Next()
	})
	return s
}

// Invalidate empties the cache, and keeps out the results of loads already under way: they
// may have read the key as it was before the change that called for this.
func (s *Store) Invalidate() {
	s.mu.Lock()
	s.gen++
	clear(s.byHash)
	s.mu.Unlock()
}

// Lookup returns the key whose current or previous secret hashes to hash, or ErrUnknown.
func (s *Store) Lookup(hash string) (*Key, error) {
	s.watch.poll(s.now(), s.Invalidate)
	s.mu.RLock()
	k, ok := s.byHash[hash]
	gen := s.gen
	s.mu.RUnlock()
	if !ok {
		var err error
		if k, err = s.load(hash); err != nil {
			return nil, err
		}
		if s.afterLoad != nil {
			s.afterLoad()
		}
		s.keep(hash, k, gen)
	}
	// The map found the entry by hash; comparing again in constant time keeps the final
	// decision free of any timing that depends on the secret.
	if k == nil || subtle.ConstantTimeCompare([]byte(k.Hash), []byte(hash)) != 1 {
		return nil, ErrUnknown
	}
	return k, nil
}

// keep caches what a load begun at generation gen found, unless the cache was emptied since:
// this request may use it, having raced the change, but the next must look again.
func (s *Store) keep(hash string, k *Key, gen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != gen {
		return
	}
	if len(s.byHash) >= maxCached {
		clear(s.byHash)
	}
	s.byHash[hash] = k
}

func (s *Store) load(hash string) (*Key, error) {
	rec, err := s.app.FindFirstRecordByFilter(pb_migrations.APIKeys,
		"key_hash = {:h} || previous_hash = {:h}", dbx.Params{"h": hash})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	k := fromRecord(rec)
	k.Hash = hash
	if rec.GetString("key_hash") != hash {
		k.GraceUntil = rec.GetDateTime("previous_expires_at").Time()
		if k.GraceUntil.IsZero() {
			return nil, nil
		}
	}
	return k, nil
}

// Touch records that key id was used at now; FlushUsage writes it.
func (s *Store) Touch(id string, now time.Time) {
	s.mu.Lock()
	s.used[id] = now
	s.mu.Unlock()
}

// FlushUsage writes the last-use times gathered since the previous flush. It writes the
// column directly, without record hooks: a use is not a change of the key, so it neither
// empties the cache nor fires events.
func (s *Store) FlushUsage() error {
	s.mu.Lock()
	used := s.used
	s.used = map[string]time.Time{}
	s.mu.Unlock()
	var errs []error
	for id, at := range used {
		_, err := s.app.DB().Update(pb_migrations.APIKeys,
			dbx.Params{"last_used_at": at.UTC().Format(dateLayout)}, dbx.HashExp{"id": id}).Execute()
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func fromRecord(rec *core.Record) *Key {
	return &Key{
		ID:             rec.Id,
		Scopes:         rec.GetStringSlice("scopes"),
		AllowedOrigins: origins(rec),
		Expiry:         rec.GetDateTime("expiry").Time(),
		Active:         rec.GetBool("active"),
	}
}

// unreadableOrigins matches no origin: a list that cannot be read restricts the key to
// nothing rather than to everything.
var unreadableOrigins = []string{"!unreadable"}

func origins(rec *core.Record) []string {
	var list []string
	if err := rec.UnmarshalJSONField("allowed_origins", &list); err != nil {
		return unreadableOrigins
	}
	return list
}
