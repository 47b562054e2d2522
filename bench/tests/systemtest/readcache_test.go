//go:build system

package systemtest

import (
	"encoding/json"
	"net/http"
	"testing"
)

// A running server answers repeated reads from memory; content that another process commits
// on the same data directory (here the `seed` command) shows in its reads within a second
// (inForce, as for keys: the same check of the change generations).
func TestReadsSeeOtherProcessesCommits(t *testing.T) {
	dir := t.TempDir()
	s := Start(t, dir, "--rate-limits=off")
	_, secret := CreateKey(t, dir, "reader", "read")
	total := func() int64 {
		status, body := s.Get(t, "/api/v1/posts?limit=1", "Bearer "+secret)
		var list struct{ Total int64 }
		if err := json.Unmarshal(body, &list); status != http.StatusOK || err != nil {
			t.Fatalf("GET /api/v1/posts: %d %s", status, body)
		}
		return list.Total
	}
	for range 2 { // the second from memory
		if n := total(); n != 0 {
			t.Fatalf("an empty site lists %d posts", n)
		}
	}
	MustRun(t, dir, "seed")
	took := WaitUntil(t, inForce, "the seeded posts in the list", func() bool { return total() > 0 })
	t.Logf("the seed's posts listed %v after the command ended", took)
}
