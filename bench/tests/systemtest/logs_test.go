//go:build system

package systemtest

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeysNeverReachTheLogs sends a key everywhere a client might put one (the path, the query,
// the Referer, the User-Agent; plain and percent-encoded) to a server started the way `go run`
// starts it (from a temporary directory, which PocketBase takes for `go run` and used to switch
// development mode on), stops the server so its request log is flushed, and searches every file
// of the data directory and everything the server printed for the key's secret part.
func TestKeysNeverReachTheLogs(t *testing.T) {
	dir := t.TempDir()
	_, key := CreateKey(t, dir, "logged", "read")
	secret := strings.TrimPrefix(key, "svc_live_")
	s := Start(t, dir, "--rate-limits=off")

	encoded := "%73" + key[1:]
	requests := []struct {
		path    string
		headers map[string]string
		want    int
	}{
		{"/api/v1/posts", map[string]string{"Authorization": "Bearer " + key}, http.StatusOK},
		{"/api/v1/posts/" + key, nil, http.StatusUnauthorized},
		{"/api/v1/webhooks/poll/" + key, nil, http.StatusUnauthorized},
		{"/api/v1/posts/" + encoded, nil, http.StatusUnauthorized},
		{"/api/v1/nothing/" + key, nil, http.StatusUnauthorized},
		{"/api/v1/profile?key=" + key, nil, http.StatusUnauthorized},
		{"/api/v1/profile?key=" + url.QueryEscape(encoded), nil, http.StatusUnauthorized},
		{"/api/v1/posts", map[string]string{"Authorization": "Bearer " + key, "Referer": "https://site.example/?k=" + key}, http.StatusOK},
		{"/api/v1/posts", map[string]string{"Authorization": "Bearer " + key, "User-Agent": "bot/" + key}, http.StatusOK},
		{"/" + key, nil, http.StatusNotFound},
		{"/api/health?k=" + key, nil, http.StatusOK},
	}
	for _, r := range requests {
		req, err := http.NewRequest(http.MethodGet, s.Base+r.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range r.headers {
			req.Header.Set(k, v)
		}
		if res, _ := Send(t, s.Client, req); res.StatusCode != r.want {
			t.Errorf("GET %s: %d, want %d", r.path, res.StatusCode, r.want)
		}
	}
	s.Stop()

	if strings.Contains(s.Log(), secret) {
		t.Errorf("the server printed the key:\n%s", s.Log())
	}
	for _, sql := range []string{"SELECT ", "INSERT INTO", "UPDATE "} {
		if strings.Contains(s.Log(), sql) {
			t.Errorf("the server printed SQL statements (development mode is on without --dev):\n%.2000s", s.Log())
			break
		}
	}
	logged := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), secret) {
			t.Errorf("%s holds the key", path)
		}
		logged += strings.Count(string(b), "REDACTED")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if logged == 0 {
		t.Error("no request log entry says REDACTED: the requests were not logged, so this test proves nothing")
	}
}
