package sends

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/textproto"
	"time"

	"github.com/wneessen/go-mail/smtp"
)

// dialTimeout bounds connecting and each SMTP exchange.
const dialTimeout = 30 * time.Second

// verdict is what became of one message handed to the server.
type verdict int

const (
	// accepted: the server answered 250 to the message's end.
	accepted verdict = iota
	// deferred: a 4xx answer or a lost connection: try again later.
	deferred
	// refused: a 5xx answer: the address is bounced.
	refused
	// busy: 421, the server is closing for now: not the address's fault, so no attempt counts.
	busy
)

// conn is one SMTP session, reused for message after message.
type conn struct {
	c *smtp.Client
}

// dial opens a session with srv: TLS from the start (smtps) or STARTTLS when the server offers
// it, then AUTH PLAIN when a user is set.
func dial(ctx context.Context, srv server, heloName string) (*conn, error) {
	addr := net.JoinHostPort(srv.host, srv.port)
	d := net.Dialer{Timeout: dialTimeout}
	var raw net.Conn
	var err error
	if srv.implicitTLS {
		raw, err = (&tls.Dialer{NetDialer: &d, Config: &tls.Config{ServerName: srv.host, MinVersion: tls.VersionTLS12}}).DialContext(ctx, "tcp", addr)
	} else {
		raw, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return nil, err
	}
	_ = raw.SetDeadline(time.Now().Add(dialTimeout))
	c, err := smtp.NewClient(raw, srv.host)
	if err != nil {
		raw.Close()
		return nil, err
	}
	if err := c.Hello(heloName); err != nil {
		c.Close()
		return nil, err
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !srv.implicitTLS {
		if err := c.StartTLS(&tls.Config{ServerName: srv.host, MinVersion: tls.VersionTLS12}); err != nil {
			c.Close()
			return nil, err
		}
	}
	if srv.username != "" {
		if err := c.Auth(smtp.PlainAuth("", srv.username, srv.password, srv.host, false)); err != nil {
			c.Close()
			return nil, err
		}
	}
	return &conn{c: c}, nil
}

// send hands one message to the server. A nil error with accepted; otherwise the server's
// reply (or the connection's error) and whether the session can go on.
func (s *conn) send(from, to string, msg []byte) (verdict, string, bool) {
	_ = s.c.UpdateDeadline(dialTimeout)
	err := s.c.Mail(from)
	if err == nil {
		err = s.c.Rcpt(to)
	}
	if err == nil {
		var w interface {
			Write([]byte) (int, error)
			Close() error
		}
		if w, err = s.c.Data(); err == nil {
			if _, err = w.Write(msg); err == nil {
				err = w.Close()
			} else {
				_ = w.Close()
			}
		}
	}
	if err == nil {
		return accepted, "", true
	}
	var reply *textproto.Error
	if !errors.As(err, &reply) {
		return deferred, err.Error(), false // the connection broke: the session is over
	}
	// A reply: reset the transaction and go on in the same session, unless the server said it
	// is closing (421).
	if reply.Code == 421 {
		return busy, reply.Error(), false
	}
	goOn := s.c.Reset() == nil
	if reply.Code >= 500 {
		return refused, reply.Error(), goOn
	}
	return deferred, reply.Error(), goOn
}

// close ends the session politely.
func (s *conn) close() {
	if s.c.Quit() != nil {
		_ = s.c.Close()
	}
}
