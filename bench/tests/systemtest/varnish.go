//go:build system

package systemtest

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// vclFile is the VCL the operations page gives operators, relative to this package.
const vclFile = "../../varnish/cca.vcl"

// Varnish is a varnishd in front of a server, with the project's VCL.
type Varnish struct {
	Base string
	log  *lockedBuffer
}

// StartVarnish starts varnishd (Debian's package) on a free loopback port in front of the
// server at origin (host:port), with bench/varnish/cca.vcl; it is stopped when the test ends.
func StartVarnish(t testing.TB, origin string) *Varnish {
	t.Helper()
	bin, err := exec.LookPath("varnishd")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/varnishd"); serr != nil {
			t.Fatal("varnishd is missing: apt-get install varnish")
		}
		bin = "/usr/sbin/varnishd"
	}
	host, port, _ := strings.Cut(origin, ":")
	vcl, err := os.ReadFile(vclFile)
	if err != nil {
		t.Fatal(err)
	}
	backend := fmt.Sprintf(".host = %q;\n    .port = %q;", host, port)
	text := strings.Replace(string(vcl), ".host = \"127.0.0.1\";\n    .port = \"8090\";", backend, 1)
	if text == string(vcl) {
		t.Fatal("the VCL's backend is not the one this test rewrites")
	}
	// varnishd reads the VCL as its own user: a directory others may read, not t.TempDir's.
	dir, err := os.MkdirTemp("", "cca-varnish-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "cca.vcl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	addr := fmt.Sprintf("127.0.0.1:%d", FreePort(t))
	v := &Varnish{Base: "http://" + addr, log: &lockedBuffer{}}
	cmd := exec.Command(bin, "-F", "-n", work, "-a", addr, "-f", path, "-s", "malloc,64m")
	cmd.Stdout, cmd.Stderr = v.log, v.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			t.Fatalf("varnishd exited:\n%s", v.log.String())
		default:
		}
		if res, err := http.Get(v.Base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return v
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("varnishd did not answer within 30 s:\n%s", v.log.String())
	return nil
}
