package previews

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/creator-content-api/server/hooks/vocab"
)

// Defaults: a link lasts 7 days unless asked otherwise, and never longer.
const (
	DefaultTTL = 7 * 24 * time.Hour
	DefaultMax = 7 * 24 * time.Hour
)

// TokenPrefix starts every preview token, so that one is told from an API key at a glance.
const TokenPrefix = "pvw_"

// Errors of the previews.
var (
	// ErrNotFound: no live link has this token or id (unknown, expired, revoked or tampered
	// with: all alike), or the record it names is gone.
	ErrNotFound = errors.New("previews: no such preview link")
	// ErrRecordNotFound: the record to preview does not exist.
	ErrRecordNotFound = errors.New("previews: no such record")
	// ErrTTL: the asked lifetime is not within (0, Config.Max].
	ErrTTL = errors.New("previews: lifetime out of range")
)

// Config is what the previews take from outside.
type Config struct {
	// TTL is a link's lifetime when none is asked; 0 means DefaultTTL (capped at Max).
	TTL time.Duration
	// Max is the longest lifetime a link may have; 0 means DefaultMax.
	Max time.Duration
	// Now is the clock of expiry; nil means time.Now.
	Now func() time.Time
}

// Service makes, resolves and revokes preview links.
type Service struct{ cfg Config }

// Bind binds the pruning job to app and returns the service.
func Bind(app core.App, cfg Config) *Service {
	if cfg.Max <= 0 {
		cfg.Max = DefaultMax
	}
	if cfg.TTL <= 0 {
		cfg.TTL = min(DefaultTTL, cfg.Max)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{cfg: cfg}
	app.Cron().MustAdd("ccaPreviewsPrune", "*/10 * * * *", func() {
		if _, err := s.Prune(app); err != nil {
			app.Logger().Error("previews: prune expired links", "error", err)
		}
	})
	return s
}

// MaxTTL is the longest lifetime a link may have.
func (s *Service) MaxTTL() time.Duration { return s.cfg.Max }

// Link is a preview link as the owner sees it; Token only when it is made.
type Link struct {
	ID         string `json:"id"`
	Token      string `json:"token,omitempty"`
	Collection string `json:"collection"`
	Record     string `json:"record"`
	ExpiresAt  string `json:"expires_at"`
	Created    string `json:"created"`
}

func view(rec *core.Record) Link {
	return Link{ID: rec.Id, Collection: rec.GetString("record_collection"), Record: rec.GetString("record_id"),
		ExpiresAt: rec.GetDateTime("expires_at").String(), Created: rec.GetDateTime("created").String()}
}

// Create makes a link to record id of collection lasting ttl (0: the default) and returns it
// with its token, shown this once. ErrRecordNotFound, ErrTTL.
func (s *Service) Create(app core.App, collection, id string, ttl time.Duration) (Link, error) {
	if ttl == 0 {
		ttl = s.cfg.TTL
	}
	if ttl < 0 || ttl > s.cfg.Max {
		return Link{}, fmt.Errorf("%w: %s (at most %s)", ErrTTL, ttl, s.cfg.Max)
	}
	if _, err := app.FindRecordById(collection, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Link{}, ErrRecordNotFound
		}
		return Link{}, fmt.Errorf("previews: load %s %s: %w", collection, id, err)
	}
	col, err := app.FindCachedCollectionByNameOrId(vocab.PreviewLinks)
	if err != nil {
		return Link{}, fmt.Errorf("previews: %w", err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return Link{}, err
	}
	token := TokenPrefix + base64.RawURLEncoding.EncodeToString(raw)
	now := s.cfg.Now()
	created, err := types.ParseDateTime(now)
	if err != nil {
		return Link{}, err
	}
	expires, err := types.ParseDateTime(now.Add(ttl))
	if err != nil {
		return Link{}, err
	}
	rec := core.NewRecord(col)
	rec.Set("record_collection", collection)
	rec.Set("record_id", id)
	rec.Set("token_hash", hash(token))
	rec.Set("expires_at", expires)
	rec.SetRaw("created", created)
	rec.SetRaw("updated", created)
	if err := app.Save(rec); err != nil {
		return Link{}, fmt.Errorf("previews: save the link: %w", err)
	}
	l := view(rec)
	l.Token = token
	return l, nil
}

// hash is the stored form of a token.
func hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Resolve returns the collection and record id a live token names: ErrNotFound for any
// token that is not one (the look-up is by hash, so a token is never compared itself).
func (s *Service) Resolve(app core.App, token string) (collection, id string, err error) {
	if !strings.HasPrefix(token, TokenPrefix) {
		return "", "", ErrNotFound
	}
	rec, err := app.FindFirstRecordByData(vocab.PreviewLinks, "token_hash", hash(token))
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	if err != nil {
		return "", "", fmt.Errorf("previews: look the token up: %w", err)
	}
	if !s.cfg.Now().Before(rec.GetDateTime("expires_at").Time()) {
		return "", "", ErrNotFound
	}
	return rec.GetString("record_collection"), rec.GetString("record_id"), nil
}

// List returns the live links, newest first.
func (s *Service) List(app core.App) ([]Link, error) {
	recs, err := app.FindRecordsByFilter(vocab.PreviewLinks, "expires_at > {:now}", "-created,-id", 0, 0,
		dbx.Params{"now": s.now()})
	if err != nil {
		return nil, fmt.Errorf("previews: list: %w", err)
	}
	out := make([]Link, 0, len(recs))
	for _, r := range recs {
		out = append(out, view(r))
	}
	return out, nil
}

func (s *Service) now() string { return s.cfg.Now().UTC().Format(types.DefaultDateLayout) }

// Revoke deletes link id: ErrNotFound.
func (s *Service) Revoke(app core.App, id string) error {
	rec, err := app.FindRecordById(vocab.PreviewLinks, id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("previews: load link %s: %w", id, err)
	}
	return app.Delete(rec)
}

// RevokeAll deletes every link and returns how many there were.
func (s *Service) RevokeAll(app core.App) (int64, error) {
	res, err := app.DB().Delete(vocab.PreviewLinks, nil).Execute()
	if err != nil {
		return 0, fmt.Errorf("previews: revoke all: %w", err)
	}
	return res.RowsAffected()
}

// Prune deletes the expired links and returns how many.
func (s *Service) Prune(app core.App) (int64, error) {
	if _, err := app.FindCachedCollectionByNameOrId(vocab.PreviewLinks); err != nil {
		return 0, nil // not migrated yet
	}
	res, err := app.DB().Delete(vocab.PreviewLinks, dbx.NewExp("[[expires_at]] <= {:now}", dbx.Params{"now": s.now()})).Execute()
	if err != nil {
		return 0, fmt.Errorf("previews: prune: %w", err)
	}
	return res.RowsAffected()
}
