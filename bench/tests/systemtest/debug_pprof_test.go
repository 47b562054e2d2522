//go:build system

package systemtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// CCA_DEBUG_PPROF serves Go's runtime profiles and /debug/vars, with data.db's pools, on the
// loopback address it names (what bench/soak samples), and a non-loopback address stops the
// server at start.
func TestDebugPprofServesProfilesOnLoopbackOnly(t *testing.T) {
	dir := t.TempDir()
	addr := fmt.Sprintf("127.0.0.1:%d", FreePort(t))
	t.Setenv("CCA_DEBUG_PPROF", addr)
	s := Start(t, dir)

	get := func(path string) (int, []byte) {
		req, err := http.NewRequest(http.MethodGet, "http://"+addr+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, body := Send(t, s.Client, req)
		return res.StatusCode, body
	}
	if status, body := get("/debug/pprof/goroutine?debug=1"); status != http.StatusOK || !strings.HasPrefix(string(body), "goroutine profile: total ") {
		t.Fatalf("goroutine profile: %d %.100s", status, body)
	}
	status, body := get("/debug/vars")
	var vars struct {
		Writer  *struct{ MaxOpenConnections int } `json:"cca_data_db_writer"`
		Readers *struct{ MaxOpenConnections int } `json:"cca_data_db_readers"`
	}
	if err := json.Unmarshal(body, &vars); status != http.StatusOK || err != nil || vars.Writer == nil || vars.Readers == nil {
		t.Fatalf("/debug/vars: %d %v %.200s", status, err, body)
	}
	if vars.Writer.MaxOpenConnections != 1 {
		t.Fatalf("PocketBase's writer pool holds %d connections, want 1", vars.Writer.MaxOpenConnections)
	}
	s.Stop()

	t.Setenv("CCA_DEBUG_PPROF", "0.0.0.0:6060")
	out, err := Run(t, dir, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", FreePort(t)))
	if err == nil || !strings.Contains(out, "CCA_DEBUG_PPROF: 0.0.0.0:6060 is not a loopback address") {
		t.Fatalf("serve with a public profiling address: %v\n%s", err, out)
	}
}
