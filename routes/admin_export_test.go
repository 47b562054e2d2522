package routes_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/archive"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
)

// The owner downloads the site archive (the console's Export site button); anyone else gets 401.
func TestAdminExport(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Kept", "visibility": "public"})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
	// manifest checks the archive's manifest.json.
	manifest := func(t testing.TB, _ *apitest.Harness, res *apitest.Response) {
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if err != nil {
			t.Fatal(err)
		}
		f, err := zr.Open("manifest.json")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(f)
		var m archive.Manifest
		if err := json.Unmarshal(b, &m); err != nil || m.Format != archive.Format || m.Version != archive.Version || m.Collections["posts"] != 1 {
			t.Fatalf("manifest %s (%v)", b, err)
		}
	}
	for _, s := range []apitest.Scenario{
		{Name: "no login", Path: "/api/admin/export", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "an API key", Path: "/api/admin/export", Headers: apitest.Bearer(key), ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "unauthorized"},
		{Name: "the owner", Path: "/api/admin/export", Headers: owner(h.SuperuserToken()), ExpectedStatus: http.StatusOK,
			ExpectedHeaders: map[string]string{"Content-Type": "application/zip", "Content-Disposition": `attachment; filename="site-2026-11-21.zip"`, "Cache-Control": "no-store"},
			After:           manifest},
	} {
		s.Test(t, h)
	}
}
