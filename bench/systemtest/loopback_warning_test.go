//go:build system

package systemtest

import (
	"testing"
	"time"
)

// loopbackWarning is a phrase of the start-up warning of a server on loopback that requires
// HTTPS and trusts no proxy.
const loopbackWarning = "listening on loopback with --require-https=on and no trusted proxy"

// TestLoopbackWarningAtStart: the real binary, listening on 127.0.0.1 with the defaults
// (--require-https=on, no trusted proxy), warns once in its log that a proxy on this host must
// send forwarding headers; with --require-https=off it does not.
func TestLoopbackWarningAtStart(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  int
	}{{nil, 1}, {[]string{"--require-https=off"}, 0}} {
		dir := t.TempDir()
		s := Start(t, dir, c.flags...)
		owner := s.OwnerToken(t, "owner@example.com", "correct horse battery staple")
		if c.want > 0 {
			WaitUntil(t, 30*time.Second, "the start-up warning in the server's logs", func() bool { return logCount(t, s, owner, loopbackWarning) > 0 })
		} else {
			// Written in the same batch as the login's request row, had it been logged.
			WaitUntil(t, 30*time.Second, "the login in the server's logs", func() bool { return logCount(t, s, owner, "auth-with-password") > 0 })
		}
		if n := logCount(t, s, owner, loopbackWarning); n != c.want {
			t.Fatalf("flags %v: %d start-up warnings, want %d", c.flags, n, c.want)
		}
		s.Stop()
	}
}
