//go:build system

package systemtest

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryAloneServesTheSite copies the binary alone into an empty directory and runs it there:
// the contract, the docs, the console and the landing page are the repository's files, byte for
// byte, from the copy built into the binary.
func TestBinaryAloneServesTheSite(t *testing.T) {
	s := startAlone(t)
	for path, file := range map[string]string{
		"/openapi.json": "openapi.json",
		"/docs/":        "docs/index.html",
		"/console/":     "console/index.html",
		"/":             "index.html",
	} {
		res, body := fetch(t, s, path, nil)
		want, err := os.ReadFile(filepath.Join("..", "..", "..", "pb_public", filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		wantType := "text/html; charset=utf-8"
		if strings.HasSuffix(file, ".json") {
			wantType = "application/json"
		}
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != wantType || !bytes.Equal(body, want) {
			t.Errorf("GET %s: %d %q, %d bytes; want 200 %q and pb_public/%s (%d bytes)",
				path, res.StatusCode, res.Header.Get("Content-Type"), len(body), wantType, file, len(want))
		}
	}

	// A directory without its slash is redirected, as from a directory on disk.
	if res, _ := fetch(t, s, "/docs", nil); res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/docs/" {
		t.Errorf("GET /docs: %d Location %q, want 301 /docs/", res.StatusCode, res.Header.Get("Location"))
	}
	// Static files keep Last-Modified, and a browser's revalidation gets 304.
	res, _ := fetch(t, s, "/openapi.json", nil)
	modified := res.Header.Get("Last-Modified")
	if modified == "" {
		t.Fatal("GET /openapi.json: no Last-Modified")
	}
	if res, body := fetch(t, s, "/openapi.json", http.Header{"If-Modified-Since": {modified}}); res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("GET /openapi.json If-Modified-Since: %d, %d bytes; want 304, none", res.StatusCode, len(body))
	}
	// The embedding package's Go source is not part of the site.
	if res, _ := fetch(t, s, "/site.go", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /site.go: %d, want 404", res.StatusCode)
	}
	checkDocsPages(t, s)
}

// checkDocsPages checks that the server answers the operations page as HTML and its Markdown
// as the repository's file: the pages are the binary's own.
func checkDocsPages(t *testing.T, s *Server) {
	t.Helper()
	if res, body := fetch(t, s, "/docs/operations", nil); res.StatusCode != http.StatusOK ||
		res.Header.Get("Content-Type") != "text/html; charset=utf-8" || !bytes.Contains(body, []byte(`<h2 id="flags">Flags</h2>`)) {
		t.Errorf("GET /docs/operations: %d %q, want 200 and the page's HTML", res.StatusCode, res.Header.Get("Content-Type"))
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "..", "pb_public", "docs", "operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	if res, body := fetch(t, s, "/docs/operations.md", nil); res.StatusCode != http.StatusOK || !bytes.Equal(body, want) {
		t.Errorf("GET /docs/operations.md: %d, %d bytes; want 200 and pb_public/docs/operations.md", res.StatusCode, len(body))
	}
}

// TestPublicDirReplacesTheSite checks that --publicDir serves that directory instead of the
// built-in site, all but the docs pages, which are the binary's.
func TestPublicDirReplacesTheSite(t *testing.T) {
	public := t.TempDir()
	custom := []byte("<!doctype html><title>My own landing page</title>\n")
	if err := os.WriteFile(filepath.Join(public, "index.html"), custom, 0o644); err != nil {
		t.Fatal(err)
	}
	s := startAlone(t, "--publicDir", public)
	if res, body := fetch(t, s, "/", nil); res.StatusCode != http.StatusOK || !bytes.Equal(body, custom) {
		t.Errorf("GET /: %d %q, want 200 and the custom index.html", res.StatusCode, body)
	}
	if res, _ := fetch(t, s, "/openapi.json", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /openapi.json: %d, want 404 (not in the directory)", res.StatusCode)
	}
	checkDocsPages(t, s) // they document the binary, whatever the directory holds
}

// startAlone serves a fresh data directory with a copy of the binary alone in an empty
// directory, which is also its working directory.
func startAlone(t *testing.T, flags ...string) *Server {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "server")
	built, err := os.ReadFile(Binary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, built, 0o755); err != nil {
		t.Fatal(err)
	}
	return StartBinary(t, bin, dir, t.TempDir(), flags...)
}

// fetch sends a GET with the headers given, following no redirect, and returns the response
// and its body.
func fetch(t *testing.T, s *Server, path string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.Base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = header
	if req.Header == nil {
		req.Header = http.Header{}
	}
	return Send(t, noRedirects, req)
}

// noRedirects answers with a redirect itself instead of following it.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
