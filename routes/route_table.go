package routes

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/keys"
)

// ErrInvalidRoute is returned by Register, wrapped with the row and the reason, for a route
// table row that leaves something to guess.
var ErrInvalidRoute = errors.New("routes: invalid route table row")

// Auth is who may call a route.
type Auth string

// The kinds of authentication.
const (
	// AuthKey admits a Bearer API key that grants the route's Scope (ccaKeyAuth).
	AuthKey Auth = "key"
	// AuthOwner admits only the owner's superuser token, and takes no Scope (ccaOwnerAuth).
	AuthOwner Auth = "owner"
)

// Route is one row of the route table: an endpoint and what its middleware enforce, every
// field said explicitly (Register refuses a row with one missing or out of place).
type Route struct {
	Method string
	Path   string // the full pattern, under /api/v1, /api/v2 or /api/admin
	Auth   Auth
	Scope  string // the scope an AuthKey route needs; empty on an AuthOwner route
	// Tier is the rate tier each client IP is counted against (ccaRateLimit).
	Tier RateTier
	// PollCap counts the request against the key's poll window too (ccaPollCap).
	PollCap bool
	// PersonalData marks an AuthKey route whose answers carry people's e-mail addresses: a
	// browser key (one with allowed origins) gets 403 insufficient_scope whatever its scopes,
	// as for the events with personal data (outbox.CheckAudience).
	PersonalData bool
	// Cache is the policy of the route's success responses (ccaCacheHeaders).
	Cache CachePolicy
	// Memory answers the route from memory (ccaReadCache, routes/readcache) while the content
	// is unchanged: set it only on a GET whose answer depends on nothing but the path, the
	// query and the content (not on the key past its admission, another header or the clock,
	// but for scheduled records, which the publish job marks when their time comes). It is a
	// field of its own, not a Cache policy: v2 reads are private to their callers' clients yet
	// the same for every caller, while the webhook poll, also private, is not.
	Memory bool
	// Markdown makes a v1 read by slug answer a Markdown document too, to a client that
	// prefers text/markdown (Accept) or asks for <slug>.md (markdownOr); Vary names Accept.
	Markdown bool
	Handler  func(*core.RequestEvent) error
}

// check reports what the row leaves to guess.
func (r Route) check() error {
	var problem string
	switch {
	case r.Method == "" || !isAPIPath(r.Path):
		problem = "a method and a path under " + strings.Join(apiPrefixes, ", ") + " are required"
	case r.Auth == AuthKey && !keys.ValidScope(r.Scope):
		problem = fmt.Sprintf("an AuthKey route needs a known Scope, not %q", r.Scope)
	case r.Auth == AuthOwner && r.Scope != "":
		problem = fmt.Sprintf("an AuthOwner route takes no Scope, not %q", r.Scope)
	case r.Auth != AuthKey && r.Auth != AuthOwner:
		problem = fmt.Sprintf("Auth must be AuthKey or AuthOwner, not %q", r.Auth)
	case r.Tier != TierNormal && r.Tier != TierModerate:
		problem = fmt.Sprintf("Tier must be TierNormal or TierModerate, not %q", r.Tier)
	case cacheControl[r.Cache] == "":
		problem = fmt.Sprintf("Cache must be CachePublic, CachePrivate, CacheNone or CacheUnshared, not %q", r.Cache)
	case r.PersonalData && r.Auth != AuthKey:
		problem = "PersonalData is for AuthKey routes (the owner sees everything)"
	case r.Memory && (r.Method != http.MethodGet || r.Cache == CacheNone || r.Cache == CacheUnshared || r.PollCap):
		problem = "Memory is for GET reads that may be stored (not CacheNone or CacheUnshared) and count no poll"
	case r.Handler == nil:
		problem = "Handler is nil"
	default:
		return nil
	}
	return fmt.Errorf("%w %s %s: %s", ErrInvalidRoute, r.Method, r.Path, problem)
}

// checkTable checks every row, and that no method and path appear twice.
func checkTable(table []Route) error {
	seen := map[string]bool{}
	for _, r := range table {
		if err := r.check(); err != nil {
			return err
		}
		if seen[r.Method+" "+r.Path] {
			return fmt.Errorf("%w %s %s: the route appears twice", ErrInvalidRoute, r.Method, r.Path)
		}
		seen[r.Method+" "+r.Path] = true
	}
	return nil
}
