package requestlog

import (
	"cmp"
	"fmt"
	"log/slog"
	"slices"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// DefaultClientErrorRows is how many error rows one client (its IP) may add to the log in a
// minute; the rest are counted and said in one row a minute per client. A client refused for
// its rate (429) adds no row per request at all: its refusals are counted the same way. So one
// client within its rate limit cannot push the useful history out of auxiliary.db.
const DefaultClientErrorRows = 60

const (
	// maxTrackedClients bounds the clients counted in a minute; the rest share one count.
	maxTrackedClients = 10_000
	// maxClientRows bounds the rows the minute's counts write: the clients with the most,
	// and one row for all the others.
	maxClientRows = 100
	// otherClients names the share of the clients past maxTrackedClients or maxClientRows.
	otherClients = "other clients"
)

// clientCounts is what one client's requests did not log in the current minute.
type clientCounts struct {
	errors  int    // error rows taken, up to the cap
	refused uint64 // 429s, counted instead of logged
	capped  uint64 // error rows past the cap
}

// clientBudget counts, per client, the refusals and the error rows of the current minute.
type clientBudget struct {
	max int // error rows per client per minute

	mu      sync.Mutex
	clients map[string]*clientCounts
}

func newClientBudget(max int) *clientBudget {
	return &clientBudget{max: max, clients: map[string]*clientCounts{}}
}

// counts is client's entry, or the shared one past maxTrackedClients; mu is held.
func (b *clientBudget) counts(client string) *clientCounts {
	c, ok := b.clients[client]
	if !ok {
		if len(b.clients) >= maxTrackedClients {
			client = otherClients
			if c, ok = b.clients[client]; ok {
				return c
			}
		}
		c = &clientCounts{}
		b.clients[client] = c
	}
	return c
}

// refuse counts a request of client refused for its rate.
func (b *clientBudget) refuse(client string) {
	b.mu.Lock()
	b.counts(client).refused++
	b.mu.Unlock()
}

// takeError reports whether an error of client may have its row, counting it when not.
func (b *clientBudget) takeError(client string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.counts(client)
	if c.errors < b.max {
		c.errors++
		return true
	}
	c.capped++
	return false
}

// roll ends the minute: it returns a row per client with refusals or capped errors (at most
// maxClientRows, the others summed in one), and starts the next minute from zero.
func (b *clientBudget) roll() []*core.Log {
	b.mu.Lock()
	clients := b.clients
	b.clients = map[string]*clientCounts{}
	b.mu.Unlock()
	var names []string
	for name, c := range clients {
		if c.refused+c.capped > 0 && name != otherClients {
			names = append(names, name)
		}
	}
	slices.SortFunc(names, func(x, y string) int {
		return cmp.Or(cmp.Compare(clients[y].refused+clients[y].capped, clients[x].refused+clients[x].capped), cmp.Compare(x, y))
	})
	rest := clientCounts{}
	if o, ok := clients[otherClients]; ok {
		rest = *o
	}
	if len(names) > maxClientRows-1 {
		for _, name := range names[maxClientRows-1:] {
			rest.refused += clients[name].refused
			rest.capped += clients[name].capped
		}
		names = names[:maxClientRows-1]
	}
	rows := make([]*core.Log, 0, len(names)+1)
	for _, name := range names {
		rows = append(rows, clientRow(name, *clients[name]))
	}
	if rest.refused+rest.capped > 0 {
		rows = append(rows, clientRow(otherClients, rest))
	}
	return rows
}

// clientRow is the minute's row of what client's requests did not log.
func clientRow(client string, c clientCounts) *core.Log {
	return &core.Log{Level: int(slog.LevelWarn),
		Message: fmt.Sprintf("request log: %d requests refused for their rate (429) and %d error rows over %s's cap, not logged one by one",
			c.refused, c.capped, client),
		Data:    types.JSONMap[any]{"type": "requests_not_logged", "client": client, "refused": c.refused, "capped": c.capped},
		Created: types.NowDateTime()}
}
