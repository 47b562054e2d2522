package crashtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// serverPackage is built into the binary under test.
const serverPackage = "github.com/creator-content-api/server"

// The owner made with `superuser upsert` before the first start.
const (
	ownerEmail    = "owner@example.com"
	ownerPassword = "crash test password 123"
)

// Deadlines of the polls; nothing waits a fixed time.
const (
	startLimit = 30 * time.Second
	stopLimit  = 10 * time.Second
)

// buildServer compiles the server into dir with the go command of the test's toolchain (`go
// test` puts its GOROOT/bin first on PATH) and the caller's environment, GOTOOLCHAIN included.
// The binary is not race-instrumented, whatever flags the test runs with.
func buildServer(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "server")
	started := time.Now()
	cmd := exec.Command("go", "build", "-o", bin, serverPackage)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", serverPackage, err, out)
	}
	t.Logf("built the server in %v", time.Since(started).Round(time.Millisecond))
	return bin
}

// runCommand runs one of the server's commands on dataDir and returns its output.
func runCommand(t *testing.T, bin, dataDir string, args ...string) string {
	t.Helper()
	args = append([]string{"--dev=false", "--dir", dataDir}, args...)
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("server %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keyPattern finds the secret that `keys create` prints once.
var keyPattern = regexp.MustCompile(`svc_live_[A-Za-z0-9]+`)

// createKey makes an API key with scopes through the `keys create` command.
func createKey(t *testing.T, bin, dataDir, name string, scopes ...string) string {
	t.Helper()
	out := runCommand(t, bin, dataDir, "keys", "create", "--name", name, "--scopes", strings.Join(scopes, ","))
	key := keyPattern.FindString(out)
	if key == "" {
		t.Fatalf("keys create printed no key:\n%s", out)
	}
	return key
}

// server is one run of `serve` on a free loopback port.
type server struct {
	api
	cmd    *exec.Cmd
	exited chan struct{} // closed when the process has been reaped
}

// startServer serves dataDir on a free loopback port, rate limits off, and waits until
// /api/health answers. The process is killed when the test ends, if it still runs. Should
// another process take the port first, it tries another.
func startServer(t *testing.T, bin, dataDir, logPath string) *server {
	t.Helper()
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logFile.Close() })
	for try := 1; ; try++ {
		s, err := serve(t, bin, dataDir, logFile)
		if err == nil {
			return s
		}
		if log := tail(logPath); try == 3 || !strings.Contains(log, "address already in use") {
			t.Fatalf("%v\n%s", err, log)
		}
	}
}

// serve starts the server on a free port; an error means it exited before it answered.
func serve(t *testing.T, bin, dataDir string, logFile *os.File) (*server, error) {
	t.Helper()
	port := freePort(t)
	cmd := exec.Command(bin, "--dev=false", "--dir", dataDir,
		"serve", "--http", fmt.Sprintf("127.0.0.1:%d", port), "--rate-limits=off")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{
		api:    newAPI(fmt.Sprintf("http://127.0.0.1:%d", port)),
		cmd:    cmd,
		exited: make(chan struct{}),
	}
	go func() {
		cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(s.kill)
	var exited error
	waitUntil(t, startLimit, "the server to answer /api/health", func() (bool, error) {
		select {
		case <-s.exited:
			exited = fmt.Errorf("the server exited: %v", cmd.ProcessState)
			return true, nil
		default:
		}
		res, err := s.client.Get(s.base + "/api/health")
		if err != nil {
			return false, nil // not listening yet
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK, nil
	})
	return s, exited
}

// kill sends SIGKILL, as a crash or the OOM killer would, and reaps the process.
func (s *server) kill() {
	s.cmd.Process.Kill() // an error means it has already exited
	select {
	case <-s.exited:
	case <-time.After(stopLimit):
	}
	s.client.CloseIdleConnections()
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// tail is the end of the server's log, for failure messages.
func tail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// waitUntil polls cond until it reports true, and fails the test on an error or at the
// deadline.
func waitUntil(t *testing.T, limit time.Duration, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(limit)
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after %v", what, limit)
		}
		<-tick.C
	}
}

// api is a JSON client of one server.
type api struct {
	base   string
	client *http.Client
}

func newAPI(base string) api {
	return api{base: base, client: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 32},
	}}
}

// errStatus is an answer with an unexpected status.
var errStatus = errors.New("unexpected status")

// call sends body (nil: none) as JSON with the Authorization value auth (empty: none),
// checks the status and decodes the answer into out (nil: discard).
func (a api) call(ctx context.Context, method, path, auth string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := a.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != want {
		return fmt.Errorf("%s %s: %w %d (want %d): %s", method, path, errStatus, res.StatusCode, want, raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// must is call for the test goroutine.
func (a api) must(t *testing.T, method, path, auth string, body any, want int, out any) {
	t.Helper()
	if err := a.call(context.Background(), method, path, auth, body, want, out); err != nil {
		t.Fatal(err)
	}
}

// ownerToken logs the owner in through PocketBase's superuser auth.
func (a api) ownerToken(t *testing.T) string {
	t.Helper()
	var auth struct{ Token string }
	a.must(t, http.MethodPost, "/api/collections/_superusers/auth-with-password", "",
		map[string]string{"identity": ownerEmail, "password": ownerPassword}, http.StatusOK, &auth)
	return auth.Token
}

// listAll reads every record of collection through PocketBase's records API as the owner,
// only the named fields, in pages of the API's maximum size.
func listAll[T any](t *testing.T, a api, token, collection, fields string) []T {
	t.Helper()
	const perPage = 1000
	var all []T
	for page := 1; ; page++ {
		var res struct{ Items []T }
		path := fmt.Sprintf("/api/collections/%s/records?page=%d&perPage=%d&skipTotal=1&sort=id&fields=%s",
			collection, page, perPage, fields)
		a.must(t, http.MethodGet, path, token, nil, http.StatusOK, &res)
		all = append(all, res.Items...)
		if len(res.Items) < perPage {
			return all
		}
	}
}

// countWhere is the number of records of collection matching a PocketBase filter.
func countWhere(t *testing.T, a api, token, collection, filter string) (int, error) {
	t.Helper()
	var res struct{ TotalItems int }
	path := fmt.Sprintf("/api/collections/%s/records?perPage=1&fields=id&filter=%s", collection, url.QueryEscape(filter))
	err := a.call(context.Background(), http.MethodGet, path, token, nil, http.StatusOK, &res)
	return res.TotalItems, err
}
