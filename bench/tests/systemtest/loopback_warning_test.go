//go:build system

package systemtest

import (
	"strings"
	"testing"
	"time"
)

// loopbackWarning is a phrase of the start-up warning of a server on loopback that requires
// HTTPS and trusts no proxy.
const loopbackWarning = "listening on loopback with --require-https=on and no trusted proxy"

// TestLoopbackWarningAtStart: the real binary, listening on 127.0.0.1 with the defaults
// (--require-https=on, no trusted proxy), notes once on its terminal that a proxy on this host
// must send forwarding headers, and writes nothing of it to the Logs (a local start is local
// development as often as a server behind a proxy); with --require-https=off it says nothing.
func TestLoopbackWarningAtStart(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  int
	}{{nil, 1}, {[]string{"--require-https=off"}, 0}} {
		dir := t.TempDir()
		s := Start(t, dir, c.flags...)
		owner := s.OwnerToken(t, "owner@example.com", "correct horse battery staple")
		// Written in the same batch as the login's request row, had it been logged.
		WaitUntil(t, 30*time.Second, "the login in the server's logs", func() bool { return logCount(t, s, owner, "auth-with-password") > 0 })
		if n := logCount(t, s, owner, loopbackWarning); n != 0 {
			t.Fatalf("flags %v: %d start-up warnings in the Logs, want none", c.flags, n)
		}
		if n := strings.Count(s.Log(), loopbackWarning); n != c.want {
			t.Fatalf("flags %v: the note %d times on the terminal, want %d:\n%s", c.flags, n, c.want, s.Log())
		}
		s.Stop()
	}
}
