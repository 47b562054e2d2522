package keys

import (
	"crypto/subtle"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// maxCached bounds the cache; unknown hashes are cached too (so repeated guesses cost no
// query), and a flood of them must not grow memory without end.
const maxCached = 50_000

// Store finds keys by the hash of the presented secret. Found and unknown hashes are cached
// while the keys' generation (hooks/changes, area Keys) stays the same: it moves at once when
// this process commits a change to api_keys (our code, the dashboard, the records API), and
// within changes.CheckInterval when another process does (a `keys` command at a terminal, a
// second server on the same data directory), so a revoke, a switch-off, a rotation or a scope
// change is in force on every running server within a second.
//
// Expiry and the rotation grace are checked against the clock on every request (Key.Check),
// so they need no emptying. last_used_at is kept in memory and written in batches by
// FlushUsage, so a warm key costs no database query per request.
type Store struct {
	app        core.App
	generation func() uint64

	mu     sync.RWMutex
	gen    uint64          // the generation byHash was loaded at
	byHash map[string]*Key // nil value: known to be unknown
	used   map[string]time.Time

	hits, misses, unknown atomic.Uint64 // look-ups answered from the cache, loaded, refused
}

// NewStore returns a store reading app's api_keys collection, whose cache holds while
// generation (the keys' generation of hooks/changes) returns the same value.
func NewStore(app core.App, generation func() uint64) *Store {
	return &Store{app: app, generation: generation, byHash: map[string]*Key{}, used: map[string]time.Time{}}
}

// Lookup returns the key whose current or previous secret hashes to hash, or ErrUnknown.
func (s *Store) Lookup(hash string) (*Key, error) {
	gen := s.generation()
	s.mu.RLock()
	k, ok := s.byHash[hash]
	ok = ok && s.gen == gen
	s.mu.RUnlock()
	if ok {
		s.hits.Add(1)
	} else {
		s.misses.Add(1)
		var err error
		if k, err = s.load(hash); err != nil {
			return nil, err
		}
		s.keep(hash, k, gen)
	}
	// The map found the entry by hash; comparing again in constant time keeps the final
	// decision free of any timing that depends on the secret.
	if k == nil || subtle.ConstantTimeCompare([]byte(k.Hash), []byte(hash)) != 1 {
		s.unknown.Add(1)
		return nil, ErrUnknown
	}
	return k, nil
}

// LookupStats count the store's look-ups since the process started.
type LookupStats struct {
	Hits    uint64 // answered from the cache (known or unknown)
	Misses  uint64 // loaded from the database
	Unknown uint64 // refused: no key has that hash (a guess, a revoked or a mistyped key)
}

// Stats are the store's look-up counts.
func (s *Store) Stats() LookupStats {
	return LookupStats{Hits: s.hits.Load(), Misses: s.misses.Load(), Unknown: s.unknown.Load()}
}

// keep caches what a load begun at generation gen found, unless the keys have changed since:
// this request may use it, having raced the change, but the next must look again. A later
// generation than the cache's empties the cache first.
func (s *Store) keep(hash string, k *Key, gen uint64) {
	if s.generation() != gen {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen > s.gen {
		s.gen = gen
		clear(s.byHash)
	}
	if gen != s.gen {
		return
	}
	if len(s.byHash) >= maxCached {
		clear(s.byHash)
	}
	s.byHash[hash] = k
}

func (s *Store) load(hash string) (*Key, error) {
	rec, err := s.app.FindFirstRecordByFilter(vocab.APIKeys,
		"key_hash = {:h} || previous_hash = {:h}", dbx.Params{"h": hash})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	k := FromRecord(rec)
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
		_, err := s.app.DB().Update(vocab.APIKeys,
			dbx.Params{"last_used_at": at.UTC().Format(dateLayout)}, dbx.HashExp{"id": id}).Execute()
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// FromRecord is the key of an api_keys record, without Hash and GraceUntil (which depend on
// the secret presented): what the checks that need no secret read.
func FromRecord(rec *core.Record) *Key {
	return &Key{
		ID:             rec.Id,
		Name:           rec.GetString("name"),
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
