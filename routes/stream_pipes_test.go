package routes_test

import (
	"net"
	"sync"
	"testing"

	"github.com/creator-content-api/server/apitest"
)

// pipeListener hands the harness's HTTP server in-memory connections (net.Pipe) instead of
// sockets. Nothing is buffered between the two ends: a client that stops reading holds the
// server's next write at once, where a socket pair would first swallow megabytes; and each
// connection says when the server has closed it, so a test waits for that instead of polling.
type pipeListener struct {
	conns     chan net.Conn
	done      chan struct{}
	closeOnce sync.Once
}

// servePipes serves h's API, as h.NewServer does and with the same http.Server, on in-memory
// connections until the test ends.
func servePipes(t *testing.T, h *apitest.Harness) *pipeListener {
	t.Helper()
	srv := h.NewServer()
	l := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
	go func() { _ = srv.Config.Serve(l) }() // returns when l closes, at the test's end
	t.Cleanup(func() { l.Close() })
	return l
}

// dial opens a connection to the server and returns the client's end, and a channel closed
// once the server has closed its end: after the handler has returned.
func (l *pipeListener) dial(t *testing.T) (net.Conn, <-chan struct{}) {
	t.Helper()
	client, server := net.Pipe()
	sc := &serverConn{Conn: server, gone: make(chan struct{})}
	select {
	case l.conns <- sc:
	case <-l.done:
		t.Fatal("the pipe listener is closed")
	}
	t.Cleanup(func() { client.Close() })
	return client, sc.gone
}

// Accept implements net.Listener.
func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close implements net.Listener.
func (l *pipeListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return nil
}

// Addr implements net.Listener.
func (l *pipeListener) Addr() net.Addr { return pipeAddr }

// pipeAddr is the address both ends of a pipe report: a loopback client, as on a socket
// from the same machine (net.Pipe's own "pipe" is no host:port).
var pipeAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}

// serverConn is the server's end of a pipe, telling when it is closed.
type serverConn struct {
	net.Conn
	closeOnce sync.Once
	gone      chan struct{}
}

func (c *serverConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() { close(c.gone) })
	return err
}

func (c *serverConn) LocalAddr() net.Addr  { return pipeAddr }
func (c *serverConn) RemoteAddr() net.Addr { return pipeAddr }
