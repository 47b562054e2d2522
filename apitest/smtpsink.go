package apitest

import (
	"bufio"
	"bytes"
	"net"
	"strings"
	"sync"
	"testing"
)

// SMTPMessage is a message an SMTPSink took.
type SMTPMessage struct {
	From, To string
	Data     []byte
}

// SMTPSink is a small SMTP server on loopback that keeps the messages it takes.
type SMTPSink struct {
	Addr string

	mu         sync.Mutex
	reply      func(rcpt string, n int) string
	closeAfter int
	messages   []SMTPMessage
	rcpts      int
	ln         net.Listener
}

// NewSMTPSink starts a sink, stopped when the test ends.
func NewSMTPSink(t testing.TB) *SMTPSink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTPSink{Addr: ln.Addr().String(), ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

// SetReply makes f answer each RCPT TO (n counts the RCPTs so far, from 1): "" accepts,
// anything else is the reply line sent instead ("550 5.1.1 no such user", "451 4.3.0 later");
// a 421 closes the connection after it.
func (s *SMTPSink) SetReply(f func(rcpt string, n int) string) {
	s.mu.Lock()
	s.reply = f
	s.mu.Unlock()
}

// SetCloseAfter makes the sink drop each connection after n messages (a relay's session
// limit); 0: never.
func (s *SMTPSink) SetCloseAfter(n int) {
	s.mu.Lock()
	s.closeAfter = n
	s.mu.Unlock()
}

// URL is the sink as a bulk SMTP setting.
func (s *SMTPSink) URL() string { return "smtp://" + s.Addr }

// Messages are the messages taken so far.
func (s *SMTPSink) Messages() []SMTPMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SMTPMessage(nil), s.messages...)
}

func (s *SMTPSink) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) bool {
		_, err := c.Write([]byte(line + "\r\n"))
		return err == nil
	}
	say("220 sink ESMTP")
	var from, to string
	taken := 0
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-sink\r\n250 8BITMIME")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			from = addr(line)
			say("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			to = addr(line)
			s.mu.Lock()
			s.rcpts++
			n, answer := s.rcpts, s.reply
			s.mu.Unlock()
			reply := ""
			if answer != nil {
				reply = answer(to, n)
			}
			if reply == "" {
				reply = "250 ok"
			}
			say(reply)
			if strings.HasPrefix(reply, "421") {
				return
			}
		case cmd == "DATA":
			say("354 go on")
			var data bytes.Buffer
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			s.mu.Lock()
			s.messages = append(s.messages, SMTPMessage{From: from, To: to, Data: data.Bytes()})
			limit := s.closeAfter
			s.mu.Unlock()
			say("250 queued")
			taken++
			if limit > 0 && taken >= limit {
				return // without a word, as a relay at its session limit may
			}
		case cmd == "RSET", cmd == "NOOP":
			say("250 ok")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("502 not here")
		}
	}
}

// addr is the address of a MAIL FROM or RCPT TO line.
func addr(line string) string {
	line = line[strings.IndexByte(line, ':')+1:]
	return strings.Trim(strings.Fields(line + " ")[0], "<>")
}
