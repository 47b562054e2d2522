package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/routes"
)

// TestWritesToAFullDatabaseAnswer507 gives the app the very error a full disk gives, SQLite's
// SQLITE_FULL ("database or disk is full"), by capping the database at its size with PRAGMA
// max_page_count on PocketBase's single writer connection and filling what room is left. A
// write that needs a new page (a post's content is bigger than a page) then answers 507
// insufficient_storage in the envelope (the contract lists it), reads keep working, and writes
// succeed again once the cap is lifted. The real full disk, where every write needs room in the
// WAL, is bench/tests/systemtest's TestFullDisk.
func TestWritesToAFullDatabaseAnswer507(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	rw, _ := h.CreateKey(keys.ScopeRead, keys.ScopeWrite)
	bearer := apitest.Bearer(rw)
	saved := apitest.Scenario{Name: "saved before", Method: http.MethodPost, Path: "/api/v1/posts", Headers: bearer,
		Body: map[string]any{"title": "Saved before", "visibility": "public", "draft": false}, ExpectedStatus: http.StatusCreated,
	}.Test(t, h).JSON(t)["data"].(map[string]any)["id"].(string)

	setMaxPageCount(t, h, 1) // SQLite keeps the database's current size as the cap
	fillDatabase(t, h)

	full := func(name, method, path string, body any) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: method, Path: path, Headers: bearer, Body: body,
			ExpectedStatus: http.StatusInsufficientStorage, ExpectedCode: "insufficient_storage",
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}}
	}
	for _, s := range []apitest.Scenario{
		full("v1 create", http.MethodPost, "/api/v1/posts", map[string]any{"title": "Too late", "content": pageFiller, "visibility": "public"}),
		full("v1 update", http.MethodPatch, "/api/v1/posts/"+saved, map[string]any{"content": pageFiller}),
		// Reads do not write: they keep working on a full disk.
		{Name: "read a post", Path: "/api/v1/posts/saved-before", Headers: bearer, ExpectedStatus: http.StatusOK,
			ExpectedJSON: map[string]any{"data.id": saved}},
		{Name: "read a list", Path: "/api/v1/posts?limit=5", Headers: bearer, ExpectedStatus: http.StatusOK},
	} {
		s.Test(t, h)
	}

	// Room again: the same connection writes, no restart.
	setMaxPageCount(t, h, 1<<30)
	apitest.Scenario{Name: "after", Method: http.MethodPost, Path: "/api/v1/posts", Headers: bearer,
		Body: map[string]any{"title": "After", "visibility": "public"}, ExpectedStatus: http.StatusCreated}.Test(t, h)
}

// setMaxPageCount sets PRAGMA max_page_count on PocketBase's writer connection (the pool
// holds one), where every write of the app runs.
func setMaxPageCount(t *testing.T, h *apitest.Harness, pages int) {
	t.Helper()
	var got int
	if err := h.App.NonconcurrentDB().NewQuery(fmt.Sprintf("PRAGMA max_page_count = %d", pages)).Row(&got); err != nil {
		t.Fatal(err)
	}
}

// pageFiller is a post's content bigger than a database page: saving it needs new pages.
var pageFiller = strings.Repeat("<p>A paragraph of a long post.</p>", 300)

// fillDatabase saves posts until SQLite answers SQLITE_FULL, which also uses up the pages
// the database had free.
func fillDatabase(t *testing.T, h *apitest.Harness) {
	t.Helper()
	col, err := h.App.FindCachedCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 1000 {
		rec := core.NewRecord(col)
		rec.Set("title", fmt.Sprintf("Filler %d", i))
		rec.Set("visibility", "public")
		rec.Set("content", pageFiller)
		err := h.App.Save(rec)
		if routes.IsStorageFull(err) {
			return
		}
		if err != nil {
			t.Fatalf("filler %d: %v", i, err)
		}
	}
	t.Fatal("the capped database took 1,000 posts")
}
