package routes_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/creator-content-api/server/hooks/archive"
	"github.com/creator-content-api/server/hooks/keys"
	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/apitest"
)

// The owner downloads the site archive (the console's Export site button); anyone else gets 401.
func TestAdminExport(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	h.SaveRecord(vocab.Posts, map[string]any{"title": "Kept", "visibility": "public"})
	key, _ := h.CreateKey(keys.ScopeRead, keys.ScopeReadContent)
	for name, headers := range map[string]map[string]string{"no login": nil, "an API key": apitest.Bearer(key)} {
		res := h.Do(apitest.Request{Method: "GET", Path: "/api/admin/export", Headers: headers})
		if res.Status != 401 || res.ErrorCode() != "unauthorized" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	res := h.Do(apitest.Request{Method: "GET", Path: "/api/admin/export", Headers: map[string]string{"Authorization": h.SuperuserToken()}})
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/zip" ||
		res.Header.Get("Content-Disposition") != `attachment; filename="site-2026-11-21.zip"` || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("%d %v", res.Status, res.Header)
	}
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
