// Package systemtest holds the tests that need the real server binary and other real processes
// around it: a `keys` command run as a second process on a running server's data directory, a
// TLS-terminating proxy in front of it, a server killed with SIGKILL mid-write and restarted
// (the crash test, crash_test.go). They test the promises that hold between processes, which
// no in-process test can reach.
//
// The tests are behind the build tag `system` (they build the binary and start servers, so the
// README's fast test command leaves them out); CI runs them as their own step:
//
//	GOTOOLCHAIN=auto go test -tags system -count=1 ./bench/tests/systemtest/
//
// This file is the harness they share: build once, start `serve` on a free loopback port, run
// a command on the same data directory, poll with a deadline (nothing sleeps a fixed time).
package systemtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// serverPackage is built into the binary under test.
const serverPackage = "github.com/creator-content-api/server"

// Deadlines of the polls.
const (
	startLimit = 60 * time.Second
	stopLimit  = 10 * time.Second
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildDir  string
)

// Binary builds the server once per test run (not race-instrumented: the tests measure the
// binary as shipped) with the go command of the test's toolchain and returns its path.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "cca-systemtest-")
		if buildErr != nil {
			return
		}
		builtBin = filepath.Join(buildDir, "server")
		out, err := exec.Command("go", "build", "-o", builtBin, serverPackage).CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build %s: %v\n%s", serverPackage, err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// Cleanup removes the built binary; TestMain calls it after the tests.
func Cleanup() {
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
}

// Run runs one of the server's commands on dataDir as a second process would, and returns
// what it printed (standard output and errors together) and its error.
func Run(t testing.TB, dataDir string, args ...string) (string, error) {
	t.Helper()
	args = append([]string{"--dir", dataDir}, args...)
	out, err := exec.Command(Binary(t), args...).CombinedOutput()
	return string(out), err
}

// MustRun is Run that fails the test when the command fails.
func MustRun(t testing.TB, dataDir string, args ...string) string {
	t.Helper()
	out, err := Run(t, dataDir, args...)
	if err != nil {
		t.Fatalf("server %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// keyPattern finds the secret that `keys create` and `keys rotate` print once.
var keyPattern = regexp.MustCompile(`svc_live_[A-Za-z0-9]+`)

// CreateKey makes an API key through the `keys create` command and returns its id and secret.
func CreateKey(t testing.TB, dataDir, name string, scopes ...string) (id, secret string) {
	t.Helper()
	out := MustRun(t, dataDir, "keys", "create", "--name", name, "--scopes", strings.Join(scopes, ","))
	secret = keyPattern.FindString(out)
	m := regexp.MustCompile(`\bKey ([a-z0-9]{15}) \(`).FindStringSubmatch(out)
	if secret == "" || m == nil {
		t.Fatalf("keys create printed no key or id:\n%s", out)
	}
	return m[1], secret
}

// FindKey is the first key secret in a command's output, or "".
func FindKey(out string) string { return keyPattern.FindString(out) }

// Server is one run of `serve` on a free loopback port.
type Server struct {
	// Base is the server's URL, http://127.0.0.1:PORT.
	Base    string
	Addr    string
	DataDir string
	Client  *http.Client
	cmd     *exec.Cmd
	bin     string
	flags   []string
	log     *lockedBuffer
	exited  chan struct{}
}

// Start serves dataDir on a free loopback port with the extra flags given (after `serve`) and
// waits until /api/health answers. The server is stopped when the test ends.
func Start(t testing.TB, dataDir string, flags ...string) *Server {
	t.Helper()
	return StartBinary(t, Binary(t), "", dataDir, flags...)
}

// StartBinary is Start with the binary at bin (a copy of Binary's) run in the working
// directory cwd ("": the test's).
func StartBinary(t testing.TB, bin, cwd, dataDir string, flags ...string) *Server {
	t.Helper()
	for try := 1; ; try++ {
		s, err := start(t, bin, cwd, dataDir, fmt.Sprintf("127.0.0.1:%d", FreePort(t)), flags)
		if err == nil {
			return s
		}
		if try == 3 || !strings.Contains(s.Log(), "address already in use") {
			t.Fatalf("%v\n%s", err, s.Log())
		}
	}
}

// Restart stops s and serves its data directory again with the same binary and flags on the
// same address, where a client that reconnects finds it again. The new server is stopped when
// the test ends.
func (s *Server) Restart(t testing.TB) *Server {
	t.Helper()
	s.Stop()
	n, err := start(t, s.bin, s.cmd.Dir, s.DataDir, s.Addr, s.flags)
	if err != nil {
		t.Fatalf("%v\n%s", err, n.Log())
	}
	return n
}

func start(t testing.TB, bin, cwd, dataDir, addr string, flags []string) (*Server, error) {
	t.Helper()
	args := append([]string{"--dir", dataDir, "serve", "--http", addr}, flags...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = cwd
	s := &Server{Base: "http://" + addr, Addr: addr, DataDir: dataDir, cmd: cmd, bin: bin, flags: flags, log: &lockedBuffer{},
		exited: make(chan struct{}), Client: &http.Client{Timeout: 30 * time.Second}}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(s.Stop)
	deadline := time.Now().Add(startLimit)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return s, fmt.Errorf("the server exited: %v", cmd.ProcessState)
		default:
		}
		if res, err := s.Client.Get(s.Base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	return s, fmt.Errorf("the server did not answer /api/health within %v", startLimit)
}

// Stop ends the server with SIGINT, as Ctrl-C would (SIGKILL after stopLimit).
func (s *Server) Stop() {
	select {
	case <-s.exited:
		return
	default:
	}
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(stopLimit):
		s.cmd.Process.Kill()
		<-s.exited
	}
	s.Client.CloseIdleConnections()
}

// Kill ends the server with SIGKILL, as a crash or the OOM killer would, and waits until the
// process is gone.
func (s *Server) Kill() {
	s.cmd.Process.Kill() // an error means it has already exited
	<-s.exited
	s.Client.CloseIdleConnections()
}

// Log is what the server printed so far.
func (s *Server) Log() string { return s.log.String() }

// Get sends a GET with the Authorization header auth (empty: none) and returns the status and
// body.
func (s *Server) Get(t testing.TB, path, auth string) (int, []byte) {
	t.Helper()
	return s.Do(t, http.MethodGet, path, auth, nil)
}

// Do sends a request with the Authorization header auth (empty: none) and body (nil: none,
// else sent as JSON) and returns the status and body.
func (s *Server) Do(t testing.TB, method, path, auth string, body any) (int, []byte) {
	t.Helper()
	status, got, err := s.Call(context.Background(), method, path, auth, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, got
}

// Call is Do that returns its error instead of failing the test: for other goroutines than
// the test's, and for requests that a kill of the server may cut off.
func (s *Server) Call(ctx context.Context, method, path, auth string, body any) (int, []byte, error) {
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.Base+path, reader)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, got, nil
}

// Send sends req through c and returns the response with its body read (and closed).
func Send(t testing.TB, c *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// OwnerToken creates the owner (a superuser) with `superuser upsert` as a second process and
// logs in on s, returning the token the admin API takes in its Authorization header.
func (s *Server) OwnerToken(t testing.TB, email, password string) string {
	t.Helper()
	MustRun(t, s.DataDir, "superuser", "upsert", email, password)
	return s.Login(t, email, password)
}

// Login logs an existing owner in on s and returns the token, with no second process: for a
// test in which another process's write would race the server's own.
func (s *Server) Login(t testing.TB, email, password string) string {
	t.Helper()
	status, body := s.Do(t, http.MethodPost, "/api/collections/_superusers/auth-with-password", "",
		map[string]string{"identity": email, "password": password})
	var auth struct{ Token string }
	if err := json.Unmarshal(body, &auth); status != http.StatusOK || err != nil || auth.Token == "" {
		t.Fatalf("owner login: %d %s", status, body)
	}
	return auth.Token
}

// ErrorCode is the error.code of an error envelope, or "" when body is not one.
func ErrorCode(body []byte) string {
	var env struct {
		Error struct{ Code string }
	}
	if json.Unmarshal(body, &env) != nil {
		return ""
	}
	return env.Error.Code
}

// FreePort is a loopback TCP port free at the time of the call.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// WaitUntil polls cond every 10 ms until it reports true and returns how long that took; it
// fails the test at the deadline.
func WaitUntil(t testing.TB, limit time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		if cond() {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			t.Fatalf("gave up waiting for %s after %v", what, limit)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// HoldsFor polls cond every 10 ms for the whole of d and fails the test the first time it
// reports false: the counterpart of WaitUntil for what must stay true.
func HoldsFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	start := time.Now()
	for time.Since(start) < d {
		if !cond() {
			t.Fatalf("%s stopped holding after %v", what, time.Since(start))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lockedBuffer is a bytes.Buffer safe for the process's writes and the test's reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
