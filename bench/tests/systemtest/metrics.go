//go:build system

package systemtest

import (
	"bufio"
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// MetricsFlags serve a server's metrics on a free loopback port; the address is returned.
func MetricsFlags(t testing.TB) (addr string, flags []string) {
	t.Helper()
	addr = "127.0.0.1:" + strconv.Itoa(FreePort(t))
	return addr, []string{"--metrics-addr", addr}
}

// Sample is the value of the series of the metrics at addr whose name and labels start with
// series (`http_server_request_duration_seconds_count{method="GET",route="/api/v1/posts",`),
// summed over every series that matches; 0 when none does.
func Sample(t testing.TB, addr, series string) float64 {
	t.Helper()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var sum float64
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, []byte(series)) {
			continue
		}
		fields := strings.Fields(string(line))
		v, err := strconv.ParseFloat(fields[len(fields)-1], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		sum += v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sum
}
