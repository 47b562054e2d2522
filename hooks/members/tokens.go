package members

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
)

// TokenRecheck bounds how long a token's answer is kept while nothing of the members changed:
// a purchase completed since counts after at most this long.
const TokenRecheck = time.Minute

// tokensKept bounds the tokens kept; past it the memory starts afresh.
const tokensKept = 10000

// tokenCache keeps the answer for each token recently seen, valid while the generation of the
// members (any write to the members table, in any process) is the one it was read at: a
// switch-off or a sign-out moves it, so the token stops as soon as this process sees the move.
type tokenCache struct {
	mu   sync.Mutex
	seen map[string]tokenAnswer
}

type tokenAnswer struct {
	member *core.Record
	access vocab.Access
	gen    uint64
	at     time.Time
}

func (c *tokenCache) get(token string, gen uint64, now time.Time) (tokenAnswer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.seen[token]
	if !ok || a.gen != gen || now.Sub(a.at) >= TokenRecheck || now.Before(a.at) {
		return tokenAnswer{}, false
	}
	return a, true
}

func (c *tokenCache) put(token string, a tokenAnswer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen == nil || len(c.seen) >= tokensKept {
		c.seen = map[string]tokenAnswer{}
	}
	c.seen[token] = a
}
