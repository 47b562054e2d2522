//go:build system

package systemtest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// takeBackup has s make a backup named name as the dashboard does (POST /api/backups with the
// owner's token) and downloads it with a file token, as an operator would keep it elsewhere.
func takeBackup(t testing.TB, s *Server, owner, name string) []byte {
	t.Helper()
	if status, body := s.Do(t, http.MethodPost, "/api/backups", owner, map[string]string{"name": name}); status != http.StatusNoContent {
		t.Fatalf("POST /api/backups: %d %s", status, body)
	}
	status, body := s.Do(t, http.MethodPost, "/api/files/token", owner, nil)
	var file struct{ Token string }
	if err := json.Unmarshal(body, &file); status != http.StatusOK || err != nil || file.Token == "" {
		t.Fatalf("POST /api/files/token: %d %s", status, body)
	}
	status, archive := s.Get(t, "/api/backups/"+name+"?token="+file.Token, "")
	if status != http.StatusOK {
		t.Fatalf("GET /api/backups/%s: %d %s", name, status, archive)
	}
	return archive
}

// unzipDataDir unpacks a backup into a new, empty data directory, as an operator restoring
// it on another machine would, and returns the directory.
func unzipDataDir(t testing.TB, archive []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "pb_data")
	if err := os.CopyFS(dir, zr); err != nil {
		t.Fatalf("unzip the backup: %v", err)
	}
	return dir
}
