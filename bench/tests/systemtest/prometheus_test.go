//go:build system

package systemtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// A real Prometheus (Debian's package) scrapes the server's --metrics-addr: after N requests
// to one route, a PromQL query over what it scraped returns N.
func TestPrometheusScrapes(t *testing.T) {
	bin, err := exec.LookPath("prometheus")
	if err != nil {
		t.Fatal("prometheus is missing: apt-get install prometheus")
	}
	dir := t.TempDir()
	_, key := CreateKey(t, dir, "scraped", "read")
	metrics, flags := MetricsFlags(t)
	s := Start(t, dir, append([]string{"--rate-limits=off"}, flags...)...)

	config := filepath.Join(dir, "prometheus.yml")
	err = os.WriteFile(config, fmt.Appendf(nil, "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: cca\n    static_configs:\n      - targets: [%q]\n", metrics), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	promAddr := "127.0.0.1:" + strconv.Itoa(FreePort(t))
	log := &lockedBuffer{}
	cmd := exec.Command(bin, "--config.file="+config, "--storage.tsdb.path="+filepath.Join(dir, "tsdb"),
		"--web.listen-address="+promAddr)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })

	const n = 137
	for range n {
		if status, body := s.Get(t, "/api/v1/posts?limit=5", "Bearer "+key); status != http.StatusOK {
			t.Fatalf("list: %d %s", status, body)
		}
	}
	query := `sum(http_server_request_duration_seconds_count{job="cca",method="GET",route="/api/v1/posts",status="200"})`
	var got string
	WaitUntil(t, 60*time.Second, "Prometheus to have scraped the requests", func() bool {
		res, err := http.Get("http://" + promAddr + "/api/v1/query?query=" + url.QueryEscape(query))
		if err != nil {
			return false
		}
		defer res.Body.Close()
		var answer struct {
			Status string
			Data   struct {
				Result []struct{ Value []any }
			}
		}
		if json.NewDecoder(res.Body).Decode(&answer) != nil || answer.Status != "success" || len(answer.Data.Result) != 1 {
			return false
		}
		got, _ = answer.Data.Result[0].Value[1].(string)
		return got == strconv.Itoa(n)
	})
	t.Logf("PromQL %s = %s", query, got)
}
